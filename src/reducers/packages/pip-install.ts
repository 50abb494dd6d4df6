/**
 * `pip install` (also `python -m pip`, `uv pip install`, `pip download/wheel`): the decisive errors
 * (`ERROR: No matching distribution found for x`, the `× ... did not run successfully` block with the
 * compiler error inside it, resolver conflicts), retries and other warnings grouped, and
 * `Successfully installed a-1.0 b-2.0` on success. Docs: https://pip.pypa.io/en/stable/cli/pip_install/
 */
import type { Bullet, PacketParts, Reducer, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { CallSiteTrail } from '../generic/call-site.js';
import { LogDigest } from '../generic/log-digest.js';
import { DecisiveLines, pmParts, WarningKinds } from './pm-log.js';
import { pipInstallClaims } from './pip-install.claims.js';

const ERROR = /^\s*(?:ERROR|error): (.*)$/;
const CROSS = /^\s*× (.*)$/;
const COMPILER_ERROR = /^\s*\S+:\d+(?::\d+)?: (?:fatal )?error: |^\s*error: command '.*' failed with exit code \d+/;
const WARNING = /^WARNING: (.*)$/;
/** The outcome line of `pip install`, `pip download` and `pip wheel`. */
const INSTALLED = /^Successfully (installed|downloaded|built) (.*)$/;
const SATISFIED = /^Requirement already satisfied: /;
const COLLECTING = /^(?:Collecting|Processing|Downloading|Using cached|  Downloading|  Using cached|Obtaining) /;
/**
 * What a successful run produced or changed, the part of the outcome that names things: the files
 * `pip download` and `pip wheel` saved, the wheel a local project was built into. `Successfully
 * downloaded a b` names neither versions nor platform tags. (`Installing collected packages: a, b`
 * says again what `Successfully installed a-1 b-2` says: not cited.)
 */
const SAVED = /^Saved (\S+)$/;
const PRODUCED = /^  Created wheel for \S+: filename=/;
/** A saved file that is not a pure-Python wheel: a platform wheel or an sdist, the one that stands out. */
const PURE_WHEEL = /-none-any\.whl$/;
/** Outcome lines past these are counted, not cited. */
const MAX_PRODUCED = 3;
const MAX_SAVED_FOCUS = 6;
/** Opens the install step (the line itself names again what `Successfully installed` names). */
const INSTALLING = /^Installing collected packages: /;
/** Lines of an install step followed to the outcome; a longer one is not cited. */
const MAX_STEP_LINES = 40;
/** pip crashing (`ERROR: Exception:`) or a build backend failing prints a Python traceback: its last line is the error. */
const TRACEBACK = /^\s*Traceback \(most recent call last\):$/;
/** What pip was working on; the last such line before a failure names the requirement it failed on. */
const PROGRESS = /^(?:Collecting|Processing|Obtaining) \S/;
/** The outcome line of a build that failed for some packages (`Failed to build beta`), beside `Successfully built alpha gamma`. */
const FAILED_TO_BUILD = /^Failed to build \S/;
/** Lines of the install step cited with it when it is longer than MAX_STEP_LINES: what it replaced. */
const UNINSTALLED = /^\s+Successfully uninstalled (\S+)$/;
/** Replaced versions named in the fields (state stays bounded). */
const MAX_REPLACED = 64;
const CONFLICT_START = /^(?:The conflict is caused by:|ERROR: Cannot install .* because these package versions have conflicting dependencies\.)/;
const MAX_COMPILER_ERRORS = 5;

export const pipInstallReducer: Reducer = {
  ...pipInstallClaims,
  version: '1.4.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const decisive = new DecisiveLines(digest);
    const warnings = new WarningKinds();
    const fields: Record<string, string | number | string[]> = {};
    let installed: { stream: StreamName; n: number; verb: string; names: string[]; length: number } | null = null;
    /**
     * The install step, from below `Installing collected packages:` to the outcome: what it replaced
     * (`Attempting uninstall: x` … `Successfully uninstalled x-1.0`) and the scripts it put in place (-v).
     */
    let step: { stream: StreamName; from: number; to: number; bytes: number; replaced: string[] } | null = null;
    /** A traceback being read: where it starts, its last frame line, its call site (call-site.ts). */
    let trace: { stream: StreamName; from: number; frame: number; calls: CallSiteTrail } | null = null;
    let progress: { stream: StreamName; n: number } | null = null;
    let satisfied = 0;
    let collected = 0;
    let compilerErrors = 0;
    let failed = false;
    let conflict: { stream: StreamName; from: number; to: number } | null = null;
    const errors: string[] = [];
    /** The run of `Saved` lines (contiguous in pip's output) and the files in it that stand out. */
    let saved: { stream: StreamName; from: number; to: number; bytes: number; focus: number[] } | null = null;
    const produced: { stream: StreamName; n: number; bytes: number }[] = [];

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (trace && trace.stream === stream) {
          if (/^\s/.test(text) || text === '') {
            if (trace.calls.frame(n, text)) trace.frame = n;
            return;
          }
          // The first line back at the margin is the exception, the error the traceback explains: cited with the
          // whole traceback, its last frame and the frame that called into the raising code in focus (a long one is
          // shown by its ends and those).
          const { from, frame, calls } = trace;
          trace = null;
          failed = true;
          if (errors.length < 8) errors.push(text.trim());
          const focus = calls.site !== null && calls.site !== frame ? [calls.site, frame, n] : [frame, n];
          decisive.add({ stream, from, to: n, label: 'exception', priority: 'mandatory', focus }, text.trim());
          return;
        }
        if (TRACEBACK.test(text)) {
          trace = { stream, from: n, frame: n, calls: new CallSiteTrail() };
          return;
        }
        if (PROGRESS.test(text)) progress = { stream, n };
        if (conflict && conflict.stream === stream) {
          const next = ERROR.test(text);
          if (text.trim() === '' || /^To fix this you could try/.test(text) || next) {
            decisive.add({ stream, from: conflict.from, to: conflict.to, label: 'dependency conflict', priority: 'mandatory' });
            conflict = null;
          } else conflict.to = n;
          if (!next) return;
        }
        if (CONFLICT_START.test(text)) {
          failed = true;
          const cannot = ERROR.exec(text);
          if (cannot && errors.length < 8) errors.push(cannot[1]!);
          conflict = { stream, from: n, to: n };
          return;
        }
        if (COMPILER_ERROR.test(text)) {
          failed = true;
          if (compilerErrors++ < MAX_COMPILER_ERRORS) decisive.add({ stream, from: n, to: n + 2, label: 'compiler error', priority: compilerErrors === 1 ? 'mandatory' : 'high', focus: [n] });
          return;
        }
        let m = ERROR.exec(text);
        if (m) {
          failed = true;
          if (errors.length < 8) errors.push(m[1]!);
          if (!/^subprocess-exited-with-error$|^metadata-generation-failed$/.test(m[1]!)) decisive.add({ stream, from: n, to: n, label: 'error', priority: 'mandatory' }, m[1]);
          return;
        }
        if (FAILED_TO_BUILD.test(text)) {
          failed = true;
          decisive.add({ stream, from: n, to: n, label: 'result', priority: 'mandatory' });
          return;
        }
        if ((m = CROSS.exec(text))) {
          failed = true;
          decisive.add({ stream, from: n, to: n + 1, label: 'failed step', priority: 'high' }, m[1]);
          return;
        }
        if ((m = WARNING.exec(text))) {
          const body = m[1]!;
          const kind = /^Retrying /.test(body) ? 'retrying' : /is ignored: it is neither a file nor a directory/.test(body) ? 'ignored index location' : /^The script \S+ is installed in/.test(body) ? 'script not on PATH' : /deprecat/i.test(body) ? 'deprecated' : /^You are using pip version|^There was an error checking the latest version/.test(body) ? 'pip version' : 'other';
          warnings.add(kind, stream, n);
          return;
        }
        if ((m = INSTALLED.exec(text))) {
          // `Successfully built a.tar.gz and a.whl` (python -m build) joins its two names with `and`.
          installed = { stream, n, verb: m[1]!, names: m[2]!.split(/\s+/).filter((x) => x !== 'and'), length: text.length };
          if (step && step.stream === stream && step.to !== n - 1) step = null;
          return;
        }
        if (INSTALLING.test(text)) {
          step = { stream, from: n + 1, to: n, bytes: 0, replaced: [] };
          return;
        }
        if (step && step.stream === stream && step.to === n - 1) {
          step.to = n;
          step.bytes += text.length + 3;
          const gone = UNINSTALLED.exec(text);
          if (gone && step.replaced.length < MAX_REPLACED) step.replaced.push(gone[1]!);
        }
        if ((m = SAVED.exec(text))) {
          if (!saved || saved.stream !== stream || saved.to !== n - 1) saved = { stream, from: n, to: n, bytes: 0, focus: [] };
          saved.to = n;
          saved.bytes += text.length + 3;
          if (!PURE_WHEEL.test(m[1]!) && saved.focus.length < MAX_SAVED_FOCUS) saved.focus.push(n);
          return;
        }
        if (PRODUCED.test(text)) {
          if (produced.length < MAX_PRODUCED) produced.push({ stream, n, bytes: text.length + 3 });
          return;
        }
        if (SATISFIED.test(text)) satisfied++;
        else if (COLLECTING.test(text)) collected++;
      },
      finish(exit) {
        if (conflict) decisive.add({ stream: conflict.stream, from: conflict.from, to: conflict.to, label: 'dependency conflict', priority: 'mandatory' });
        // What pip was working on when it failed: the requirement the error is about, when the error does not name it.
        if (failed && progress) decisive.add({ stream: progress.stream, from: progress.n, to: progress.n, label: 'last step', priority: 'high' });
        const bullets: Bullet[] = [];
        const meaningful = errors.filter((e) => !/^subprocess-exited-with-error$|^metadata-generation-failed$/.test(e));
        if (meaningful.length) fields.errors = meaningful;
        if (decisive.items.length) {
          const main = meaningful[meaningful.length - 1] ?? errors[0];
          bullets.push({ text: `install failed${main ? `: ${main}` : ''}${compilerErrors ? `; ${plural(compilerErrors, 'compiler error')}` : ''}`, cites: decisive.items.slice(0, 4).map((d) => d.ref), ...(meaningful.length ? { fields: ['errors'] } : {}), priority: 'mandatory' });
          if (compilerErrors > MAX_COMPILER_ERRORS) decisive.dropped += compilerErrors - MAX_COMPILER_ERRORS;
        }
        if (installed) {
          fields.installed = installed.names;
          const ref = digest.nextRef();
          bullets.push({ text: `${installed.verb} ${plural(installed.names.length, 'package')}${satisfied ? `; ${count(satisfied)} already satisfied` : ''}`, cites: [ref], fields: ['installed'] });
          const parts = pmParts(digest, exit, decisive, warnings, { bullets, fields, failed });
          parts.citations.push({ ref, stream: installed.stream, from: installed.n, to: installed.n, label: 'result', priority: failed ? 'high' : 'mandatory' });
          if (parts.status === 'ok') citeProduced(parts);
          return parts;
        }
        if (satisfied) {
          fields.alreadySatisfied = satisfied;
          if (!failed) bullets.push({ text: `nothing to install: ${plural(satisfied, 'requirement')} already satisfied`, fields: ['alreadySatisfied'] });
        }
        if (collected) fields.collected = collected;
        if (!decisive.items.length && !satisfied && !collected && !warnings.total && !saved && !produced.length) return digest.finish(exit);
        const parts = pmParts(digest, exit, decisive, warnings, { bullets, fields, failed });
        // A wheel run with nothing to build prints no `Successfully` line: what it saved is still its outcome.
        if (parts.status === 'ok') citeProduced(parts);
        return parts;
      },
    };

    /**
     * On success, what was produced is cited with the outcome (the saved files, their ends and the
     * ones that stand out when they do not all fit; the wheels built, unless they were built to be
     * installed), and the success
     * budget grows by those bytes (within the verdict data cap, core/budget.ts).
     */
    function citeProduced(parts: PacketParts): void {
      let bytes = 0;
      if (step && installed && step.to === installed.n - 1 && step.to >= step.from) {
        if (step.to - step.from < MAX_STEP_LINES) {
          parts.citations.push({ ref: digest.nextRef(), stream: step.stream, from: step.from, to: step.to, label: 'install step', priority: 'high' });
          bytes += Math.min(step.bytes, 1200) + 64;
        } else if (step.replaced.length) {
          // A long step (a dozen packages replaced, four lines each) says what it replaced: the versions, as a field.
          parts.fields.replaced = step.replaced;
          parts.summary.push({ text: `replaced ${plural(step.replaced.length, 'installed version')} (uninstalled first)`, fields: ['replaced'] });
          bytes += step.replaced.join(', ').length + 64;
        }
      }
      // An install built its wheels only to install them: `Successfully installed` is its outcome.
      for (const p of installed?.verb === 'installed' ? [] : produced) {
        parts.citations.push({ ref: digest.nextRef(), stream: p.stream, from: p.n, to: p.n, label: 'wheel built', priority: 'high' });
        bytes += p.bytes + 64;
      }
      if (saved) {
        const focus = [...saved.focus, saved.to];
        parts.citations.push({ ref: digest.nextRef(), stream: saved.stream, from: saved.from, to: saved.to, label: `saved ${plural(saved.to - saved.from + 1, 'file')}`, priority: 'high', focus });
        bytes += saved.bytes + 64;
      }
      // The outcome line is shown beside them: a long one (`Successfully downloaded` and fifteen names)
      // would otherwise take the room the produced files were given.
      if (bytes && installed) bytes += installed.length;
      if (bytes) parts.warningBytes = (parts.warningBytes ?? 0) + bytes;
    }
  },
};
