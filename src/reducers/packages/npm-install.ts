/**
 * npm / pnpm / yarn install (and add, ci, update): the decisive error lines (`npm error code ETARGET`,
 * the ERESOLVE tree, `404 Not Found`, compiler errors of a native build, ` ERR_PNPM_...`, yarn `error ...`,
 * `➤ YN0001:`), warnings grouped by kind with deprecations counted, and `added 115 packages in 7s` on success.
 * Docs: https://docs.npmjs.com/cli/commands/npm-install, https://pnpm.io/cli/install, https://yarnpkg.com/cli/install
 */
import type { Bullet, LineCitation, Reducer, StreamName } from '../../core/types.js';
import { count } from '../../core/format.js';
import { classifyLine } from '../generic/classify.js';
import { addDigestErrors } from '../generic/digest-errors.js';
import { LogDigest } from '../generic/log-digest.js';
import { DecisiveLines, pmParts, WarningKinds, type Decisive } from './pm-log.js';
import { npmInstallClaims } from './npm-install.claims.js';

const NPM_LINE = /^npm (error|ERR!|warn|WARN|notice|http|info|verb|verbose|timing|sill|silly) ?(.*)$/;
const COMPILER_ERROR = /(?:^|\s)\S+:\d+(?::\d+)?: (?:fatal )?error: /;
const NPM_RESULT = /^(?:added|removed|changed|up to date|audited)\b.*\bin \d/;
const AUDIT_LINE = /^(?:found (\d+) vulnerabilit(?:y|ies)|(\d+) vulnerabilit(?:y|ies) \((.*)\))/;
const PNPM_ERR = /^\s*(ERR_PNPM_\w+)\s+(.*)$/;
const PNPM_WARN = /^\s*WARN\s+(.*)$/;
const PNPM_RESULT = /^(?:Packages: [+-]\d|Progress: resolved \d+.*done$|Done in \d|Already up to date)/;
const YARN_ERR = /^error (.*)$/;
const YARN_WARN = /^warning (.*)$/;
const YARN_RESULT = /^(?:success (?:Saved lockfile|Already up-to-date)|Done in \d)/;
const BERRY = /^➤ YN(\d{4}): (?:[│└┌·]\s*)?(.*)$/;
const BERRY_ERRORS = new Set(['0001', '0009', '0018', '0020', '0028', '0035', '0046', '0071', '0082', '0083']);
const BERRY_WARNINGS = new Set(['0002', '0060', '0061', '0069', '0086']);
const WARN_CONTINUATION = /^(?:$|\s|While resolving:|Found:|node_modules\/|Could not resolve dependency:|Conflicting peer dependency:|peer |peerOptional |dev |\S+@"[^"]*" from )/;

const MAX_COMPILER_ERRORS = 5;
const MAX_SCRIPT_ERRORS = 3;
const MAX_PARAGRAPH_LINES = 6;

export const npmInstallReducer: Reducer = {
  ...npmInstallClaims,
  version: '1.1.2',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const decisive = new DecisiveLines(digest);
    const warnings = new WarningKinds();
    const fields: Record<string, string | number> = {};
    const results: Array<{ stream: StreamName; n: number; text: string }> = [];
    let errorBlock: { stream: StreamName; last: number; shown: number } | null = null;
    /** The message line last shown and how many lines its paragraph has so far: npm wraps a message over lines. */
    let paragraph: { stream: StreamName; last: number; lines: number } | null = null;
    let eresolve: { stream: StreamName; from: number; focus: number[] } | null = null;
    let awaitingResolve = false;
    let compilerErrors = 0;
    let scriptErrors = 0;
    let failedByContent = false;
    /** A package script failed: its own output (above the npm error lines) holds the real error. */
    let scriptFailed = false;
    let http = 0;
    let first: Decisive | null = null;

    const keep = (item: Omit<Decisive, 'ref'>, key?: string) => {
      const added = decisive.add(item, key);
      first ??= added;
      return added;
    };

    function npmError(stream: StreamName, n: number, body: string): void {
      failedByContent = true;
      const fresh = !errorBlock || errorBlock.stream !== stream || errorBlock.last !== n - 1;
      if (fresh) errorBlock = { stream, last: n, shown: 0 };
      errorBlock!.last = n;
      const code = /^code (\S+)$/.exec(body);
      if (code) fields.code ??= code[1]!;
      if (/^Lifecycle script `|^command failed$|^code ELIFECYCLE$|^Failed at the /.test(body)) scriptFailed = true;
      if (/^A complete log of this run can be found in/.test(body) || /^For a full report see:?$/.test(body)) return;
      if (/^(?:path|command) /.test(body) && !fields.command && body.startsWith('command ') && body !== 'command failed') fields.command = body.slice(8);
      if (/^ERESOLVE /.test(body)) eresolve = { stream, from: n, focus: [] };
      if (eresolve) {
        // The lines that name the conflict stay visible when a long tree is shortened.
        const note = () => eresolve!.focus.length < 12 && eresolve!.focus.push(n);
        if (/^Found: /.test(body)) {
          fields.found ??= body.slice(7);
          note();
        }
        if (awaitingResolve && body.trim()) {
          fields.conflict ??= body.trim();
          awaitingResolve = false;
          note();
        }
        if (/^Could not resolve dependency:|^Conflicting peer dependency:/.test(body)) {
          awaitingResolve = true;
          note();
        }
        if (/^Fix the upstream dependency conflict/.test(body)) {
          keep({ stream, from: eresolve.from, to: n, label: 'dependency conflict', priority: 'mandatory', focus: eresolve.focus });
          eresolve = null;
        }
        return;
      }
      if (COMPILER_ERROR.test(body)) {
        if (compilerErrors++ < MAX_COMPILER_ERRORS) keep({ stream, from: n, to: n + 2, label: 'compiler error', priority: compilerErrors === 1 ? 'mandatory' : 'high', focus: [n] });
        return;
      }
      if (/^gyp ERR! (?:stack Error|build error|configure error)/.test(body)) {
        keep({ stream, from: n, to: n, label: 'node-gyp', priority: 'high' });
        return;
      }
      // A message wrapped over several `npm error` lines is one paragraph: it runs to the next blank
      // `npm error` line (the usage text after it is not the message).
      if (paragraph && paragraph.stream === stream && paragraph.last === n - 1) {
        // (`npm error 404` with nothing after npm's tag is a blank line too.)
        if (body.replace(/^(?:notarget|\d{3})(?:\s|$)/, '').trim() && paragraph.lines < MAX_PARAGRAPH_LINES) {
          paragraph.last = n;
          paragraph.lines++;
          keep({ stream, from: n, to: n, label: 'npm error', priority: 'mandatory' });
          return;
        }
        paragraph = null;
      }
      const decisiveText = /^(?:notarget No matching|404 Not Found|40[13] |code |errno |syscall |path |command |network |Invalid[: ]|Unsupported |Missing[: ]|Cannot |Could not |Exit status|Failed at )/.test(body) || body.includes(' could not be found');
      if (decisiveText || (errorBlock!.shown < 2 && body.trim() && !/^(?:gyp |make|  )/.test(body))) {
        errorBlock!.shown++;
        // The first line that says what went wrong, without npm's own tag (`notarget`, `404`).
        const prose = !/^(?:code|errno|syscall|path|command|workspace|location) /.test(body) && body !== 'command failed';
        if (!fields.message && prose) fields.message = body.replace(/^(?:notarget|40\d) +/, '');
        paragraph = prose ? { stream, last: n, lines: 1 } : null;
        keep({ stream, from: n, to: n, label: 'npm error', priority: 'mandatory' });
        return;
      }
      // A failing install script's own output, relayed on `npm error` lines.
      if (scriptErrors < MAX_SCRIPT_ERRORS && !/^gyp (?:info|verb|sill)|^make: Entering|^make: Leaving/.test(body) && classifyLine(body) === 'error') {
        scriptErrors++;
        keep({ stream, from: n, to: n + 2, label: 'script error', priority: 'high', focus: [n] }, body);
      }
    }

    function warning(stream: StreamName, n: number, body: string): void {
      if (WARN_CONTINUATION.test(body)) return;
      const deprecated = /^deprecated (\S+?): /.exec(body);
      if (deprecated) return warnings.add('deprecated', stream, n, deprecated[1]!);
      if (/^Unknown (?:user|env|project|global|builtin|cli) config/.test(body)) return warnings.add('config', stream, n);
      const kind = /^(ERESOLVE|EBADENGINE|EBADPLATFORM|audit|config|tarball|cleanup|skipping|optional|peer|old lockfile|using --force)\b/.exec(body);
      warnings.add(kind ? kind[1]! : 'other', stream, n);
    }

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        const npm = NPM_LINE.exec(text);
        if (npm) {
          const level = npm[1]!;
          const body = npm[2]!;
          if (level === 'error' || level === 'ERR!') return npmError(stream, n, body);
          if (level === 'warn' || level === 'WARN') return warning(stream, n, body);
          if (level === 'http') {
            http++;
            const status = /^fetch \S+ (\d{3}) /.exec(body);
            if (status && Number(status[1]) >= 400) keep({ stream, from: n, to: n, label: `http ${status[1]}`, priority: 'high' }, body.replace(/ \d+ms.*$/, ''));
          }
          return;
        }
        let m = PNPM_ERR.exec(text);
        if (m) {
          failedByContent = true;
          fields.code ??= m[1]!;
          keep({ stream, from: n, to: n + 4, label: m[1]!, priority: 'mandatory', focus: [n] });
          return;
        }
        if ((m = BERRY.exec(text))) {
          const code = m[1]!;
          if (BERRY_ERRORS.has(code)) {
            failedByContent = true;
            fields.code ??= `YN${code}`;
            keep({ stream, from: n, to: n, label: `YN${code}`, priority: decisive.items.length ? 'high' : 'mandatory' });
          } else if (BERRY_WARNINGS.has(code)) warnings.add(code === '0061' ? 'deprecated' : 'peer', stream, n);
          else if (/Failed with errors/.test(m[2]!)) failedByContent = true;
          else if (/^(?:Done|Failed)/.test(m[2]!)) results.push({ stream, n, text: m[2]! });
          return;
        }
        if ((m = PNPM_WARN.exec(text))) {
          const dep = /^deprecated (\S+?): /.exec(m[1]!) ?? /^(\d+) deprecated subdependencies found: (.*)$/.exec(m[1]!);
          if (dep && dep[2]) for (const subject of dep[2].split(', ')) warnings.add('deprecated', stream, n, subject);
          else if (dep) warnings.add('deprecated', stream, n, dep[1]!);
          else warnings.add(/peer/i.test(m[1]!) ? 'peer' : 'other', stream, n);
          return;
        }
        if ((m = YARN_ERR.exec(text))) {
          failedByContent = true;
          keep({ stream, from: n, to: n, label: 'yarn error', priority: decisive.items.length ? 'high' : 'mandatory' });
          return;
        }
        if ((m = YARN_WARN.exec(text))) {
          const dep = /^(?:.* > )?(@?[^\s>"]+@[^\s:"]+): /.exec(m[1]!);
          if (dep) warnings.add('deprecated', stream, n, dep[1]!);
          else warnings.add(/unmet peer|incorrect peer/.test(m[1]!) ? 'peer' : 'other', stream, n);
          return;
        }
        if (NPM_RESULT.test(text) || PNPM_RESULT.test(text) || YARN_RESULT.test(text)) {
          if (results.length < 6) results.push({ stream, n, text });
          for (const [, num, what] of text.matchAll(/(\d+) (packages?|added|removed|changed|reused|downloaded)/g)) if (/^(?:added|removed|changed)$/.test(what!)) fields[what!] = Number(num);
          const npmCounts = /^(added|removed|changed) (\d+) packages?/.exec(text);
          if (npmCounts) fields[npmCounts[1]!] = Number(npmCounts[2]);
          const audited = /audited (\d+) packages?/.exec(text);
          if (audited) fields.audited = Number(audited[1]);
          return;
        }
        const audit = AUDIT_LINE.exec(text);
        if (audit) {
          fields.vulnerabilities = Number(audit[1] ?? audit[2]);
          if (audit[3]) fields.bySeverity = audit[3];
          results.push({ stream, n, text });
        }
      },
      finish(exit) {
        if (http) fields.httpRequests = http;
        const bullets: Bullet[] = [];
        if (first) {
          const code = fields.code ? String(fields.code) : '';
          const what = /^\d+$/.test(code) ? `exit ${code}` : code || 'error';
          const command = fields.command ? ` in \`${fields.command}\`` : '';
          const compiler = compilerErrors ? `; ${count(compilerErrors)} compiler ${compilerErrors === 1 ? 'error' : 'errors'}` : '';
          const conflict = fields.conflict ? `; ${fields.found ? `found ${fields.found}, ` : ''}needs ${fields.conflict}` : '';
          const message = fields.message && !conflict ? `: ${fields.message}` : '';
          bullets.push({ text: `install failed: ${what}${message}${command}${compiler}${conflict}`, cites: decisive.items.slice(0, 4).map((d) => d.ref), ...(fields.code ? { fields: ['code'] } : {}), priority: 'mandatory' });
          if (compilerErrors > MAX_COMPILER_ERRORS) decisive.dropped += compilerErrors - MAX_COMPILER_ERRORS;
        }
        const partsFields: Record<string, string | number> = { ...fields };
        const resultCitations: LineCitation[] = [];
        if (results.length) {
          const refs = results.slice(-2).map((r) => {
            const ref = digest.nextRef();
            resultCitations.push({ ref, stream: r.stream, from: r.n, to: r.n, label: 'result', priority: first ? 'high' : 'mandatory' });
            return ref;
          });
          const counts = ['added', 'removed', 'changed', 'audited', 'vulnerabilities'].filter((k) => k in fields).map((k) => `${k} ${fields[k]}`);
          bullets.push({ text: counts.length ? counts.join(', ') : 'finished', cites: refs });
        }
        const parts = pmParts(digest, exit, decisive, warnings, { bullets, fields: partsFields, failed: failedByContent });
        parts.citations.push(...resultCitations);
        if (scriptFailed && compilerErrors === 0 && decisive.items.length > 0) addDigestErrors(digest, exit, parts);
        return parts;
      },
    };
  },
};
