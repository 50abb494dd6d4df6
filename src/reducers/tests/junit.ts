/**
 * JUnit/xUnit XML reports, from any producer (pytest --junitxml, eslint -f junit, node --test's junit
 * reporter, surefire, jest-junit, go-junit-report), printed or cat'ed: a tag scanner over the lines as
 * they arrive, with bounded state (the open testcase and the first lines of its failure body). The
 * totals come from the root `<testsuites>` (else the outermost suites, else the testcases seen); each
 * failing or erroring testcase becomes a failure of the shared test report (grouped by message, cited
 * from its `<testcase>` line to its closing tag); skips are counted under their reason. Lines past the
 * reducers' length cap (one-line XML) are read as far as they arrive; what was not read is counted.
 * Format: https://github.com/testmoapp/junitxml
 */
import type { FieldValue, PacketParts, Reducer, StreamName } from '../../core/types.js';
import { clip, count } from '../../core/format.js';
import { TestReport, projectFrame } from './test-report.js';
import { junitClaims } from './junit.claims.js';

const TAG = /<(\/?)(testsuites|testsuite|testcase|failure|error|skipped|system-out|system-err)\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!\[CDATA\[/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const CAP_MARK = / …\[\+(\d+) bytes\]$/;
/** A body line that states the error, for a failure whose message attribute was not read. */
const ERROR_LINE = /^(?:E\s+)?[\w.]*(?:Error|Exception|Failure)\b|^(?:E\s+)?assert\b/;
/** Body lines of a failure kept (decoded) to find its message and its project frame. */
const BODY_LINES = 8;
/** Longest cited failure: from its `<testcase>` line on. */
const MAX_SPAN = 30;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML entities decoded: `&lt;` `&quot;` `&#10;` `&#x27;`. */
export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attrs(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) out[m[1]!] = decodeXml(m[2] ?? m[3] ?? '');
  return out;
}

function num(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(?:\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  /** Whether the element stated its skips (vitest's root does not). */
  statesSkipped: boolean;
  time?: number;
}

function suiteCounts(a: Record<string, string>): Counts | null {
  const tests = num(a.tests);
  if (tests === undefined) return null;
  const skipped = num(a.skipped ?? a.skip);
  const counts: Counts = { tests, failures: num(a.failures) ?? 0, errors: num(a.errors) ?? 0, skipped: skipped ?? 0, statesSkipped: skipped !== undefined };
  const time = num(a.time);
  if (time !== undefined) counts.time = time;
  return counts;
}

interface OpenCase {
  name: string;
  n: number;
  stream: StreamName;
  failed: boolean;
  loose: boolean;
}

interface OpenFailureTag {
  kind: 'failure' | 'error';
  message: string;
  type: string;
  n: number;
  body: string[];
  location?: string;
  locationLine?: number;
  /** Opened on the unread part of a line past the length cap: a failure only if a closing tag follows first. */
  guessed?: boolean;
}

export const junitReducer: Reducer = {
  ...junitClaims,
  version: '1.0.0',
  start(ctx) {
    const report = new TestReport({ runner: 'junit', tail: false }, ctx.errorPatterns);
    let root: Counts | null = null;
    let suiteDepth = 0;
    const outer: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, statesSkipped: false };
    let outerSuites = 0;
    let outerLine = 0;
    let outerTime = 0;
    let suites = 0;
    let failingSuiteCount = 0;
    const seen = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    /** Testcases outside any suite (node --test's top-level tests beside its describe suites). */
    const loose = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    let testcase: OpenCase | null = null;
    let failure: OpenFailureTag | null = null;
    let skipped: { n: number; stream: StreamName; reason: string } | null = null;
    let cdata = false;
    let partial = '';
    let unreadBytes = 0;
    let cappedLines = 0;
    let unnamed = 0;

    const closeFailure = (stream: StreamName, n: number): void => {
      const f = failure;
      failure = null;
      if (!f) return;
      const first = f.message.split('\n').map((s) => s.trim()).find(Boolean) ?? (f.guessed ? f.body.find((b) => ERROR_LINE.test(b))?.replace(/^E\s+/, '') : undefined) ?? f.body[0] ?? '';
      // A body without a message attribute (jest-junit) states its assertion's values on lines of their own.
      const details = f.message ? [] : f.body.filter((b) => /^(?:Expected|Received):\s*\S/.test(b)).slice(0, 2);
      const stated = details.length ? `${first}; ${details.join('; ')}` : first;
      const typed = f.type && /(?:Error|Exception|Failure)$/.test(f.type) && !stated.includes(f.type) ? `${f.type}: ${stated}` : stated;
      const from = !f.guessed && testcase && testcase.stream === stream ? testcase.n : f.n;
      const focus = [...new Set([f.n, ...(f.locationLine !== undefined ? [f.locationLine] : [])])].filter((x) => x >= from && x < from + MAX_SPAN);
      const to = Math.max(from, Math.min(n, from + MAX_SPAN - 1), ...focus);
      if (f.guessed) unnamed++;
      report.add({
        name: f.guessed ? `(testcase named past the line cap, line ${count(f.n - 1)})` : (testcase?.name ?? ''),
        stream,
        from,
        to,
        focus,
        ...(typed ? { message: clip(typed, 300) } : {}),
        ...(f.location ? { location: f.location } : {}),
      });
      if (testcase) testcase.failed = true;
      if (f.kind === 'error') seen.errors++;
      else seen.failures++;
      if (testcase?.loose) loose[f.kind === 'error' ? 'errors' : 'failures']++;
    };

    const text = (segment: string, n: number, markup: boolean): void => {
      if (!failure && !skipped) return;
      // CDATA too: eslint's formatter escapes the text it puts there.
      const decoded = markup || segment.includes("&") ? decodeXml(segment) : segment;
      if (skipped) {
        if (!skipped.reason) skipped.reason = decoded.trim().split('\n')[0] ?? '';
        return;
      }
      const f = failure!;
      for (const piece of decoded.split('\n')) {
        const line = piece.trim();
        if (!line) continue;
        if (f.body.length < BODY_LINES) f.body.push(line);
        if (!f.location) {
          const frame = projectFrame(line);
          if (frame) {
            f.location = frame;
            f.locationLine = n;
          }
        }
      }
    };

    const tag = (m: RegExpExecArray, stream: StreamName, n: number): void => {
      const closing = m[1] === '/';
      const name = m[2]!;
      const selfClosing = m[4] === '/';
      if (name === 'testsuites') {
        if (closing) return;
        const c = suiteCounts(attrs(m[3]!));
        if (c && !root) {
          root = c;
          report.addTotals(stream, n);
        }
        return;
      }
      if (name === 'testsuite') {
        if (closing) {
          suiteDepth = Math.max(0, suiteDepth - 1);
          return;
        }
        const a = attrs(m[3]!);
        const c = suiteCounts(a);
        suites++;
        if (c && suiteDepth === 0) {
          outerSuites++;
          if (outerSuites === 1) outerLine = n;
          outer.tests += c.tests;
          outer.failures += c.failures;
          outer.errors += c.errors;
          outer.skipped += c.skipped;
          outer.statesSkipped ||= c.statesSkipped;
          outerTime += c.time ?? 0;
        }
        if (c && c.failures + c.errors > 0) {
          failingSuiteCount++;
          report.addResultLine(stream, n, m[0].length);
        }
        if (!selfClosing) suiteDepth++;
        return;
      }
      if (name === 'testcase') {
        if (closing) {
          testcase = null;
          return;
        }
        const a = attrs(m[3]!);
        seen.tests++;
        if (suiteDepth === 0) loose.tests++;
        const caseName = a.name ?? '';
        const cls = a.classname ?? '';
        const full = cls && !caseName.startsWith(cls) ? `${cls}::${caseName}` : caseName;
        testcase = selfClosing ? null : { name: full, n, stream, failed: false, loose: suiteDepth === 0 };
        return;
      }
      if (failure?.guessed && !(closing && (name === 'failure' || name === 'error'))) failure = null;
      if (name === 'failure' || name === 'error') {
        if (closing) {
          if (failure?.guessed) failure.kind = name;
          return closeFailure(stream, n);
        }
        const a = attrs(m[3]!);
        failure = { kind: name, message: a.message ?? '', type: a.type ?? '', n, body: [] };
        if (selfClosing) closeFailure(stream, n);
        return;
      }
      if (name === 'skipped') {
        if (closing) {
          if (skipped) report.addSkip(skipped.stream, skipped.n, `skipped: ${skipped.reason}`);
          skipped = null;
          return;
        }
        seen.skipped++;
        if (testcase?.loose) loose.skipped++;
        const reason = attrs(m[3]!).message ?? '';
        if (selfClosing) report.addSkip(stream, n, `skipped: ${reason}`);
        else skipped = { n, stream, reason };
      }
    };

    const run = report.run((stream, n, raw) => {
      if (stream !== 'stdout') return;
      let line = raw;
      const capped = CAP_MARK.exec(line);
      if (capped) {
        unreadBytes += Number(capped[1]);
        cappedLines++;
        line = line.slice(0, capped.index);
      }
      // A tag cut at the end of a line (attributes on the next) is read with the next line.
      if (partial) {
        line = `${partial} ${line}`;
        partial = '';
      }
      let pos = 0;
      while (pos < line.length) {
        if (cdata) {
          const end = line.indexOf(']]>', pos);
          text(end < 0 ? line.slice(pos) : line.slice(pos, end), n, false);
          if (end < 0) break;
          cdata = false;
          pos = end + 3;
          continue;
        }
        TAG.lastIndex = pos;
        const m = TAG.exec(line);
        const open = line.indexOf('<', pos);
        if (!m) {
          const rest = open >= 0 && !capped && /^<\/?(?:testsuites?|testcase|failure|error|skipped)\b[^>]*$/.test(line.slice(open)) && line.length - open < 4000 ? open : -1;
          text(rest >= 0 ? line.slice(pos, rest) : line.slice(pos), n, true);
          if (rest >= 0) partial = line.slice(rest);
          break;
        }
        text(line.slice(pos, m.index), n, true);
        pos = m.index + m[0].length;
        if (m[0] === '<![CDATA[') {
          cdata = true;
          continue;
        }
        tag(m, stream, n);
      }
      if (failure || skipped) text('\n', n, false);
      // The rest of a capped line was not read: when its next lines end in `</failure>`, they were a failure's body.
      if (capped && !failure && !skipped && !cdata) failure = { kind: 'failure', message: '', type: '', n: n + 1, body: [], guessed: true };
    });

    return {
      line: run.line,
      finish(exit): PacketParts {
        const suitesSum: Counts | null = outerSuites ? { tests: outer.tests + loose.tests, failures: outer.failures + loose.failures, errors: outer.errors + loose.errors, skipped: outer.skipped + loose.skipped, statesSkipped: outer.statesSkipped } : null;
        const stated: Counts | null = root ?? suitesSum;
        // A root without its skips (vitest): the suites' sum, else the skipped testcases seen.
        if (stated && !stated.statesSkipped) stated.skipped = suitesSum?.statesSkipped ? suitesSum.skipped : seen.skipped;
        if (stated) {
          report.setCount('total', stated.tests);
          report.setCount('failed', stated.failures);
          report.setCount('errors', stated.errors);
          report.setCount('skipped', stated.skipped);
          report.setCount('passed', Math.max(0, stated.tests - stated.failures - stated.errors - stated.skipped));
          if (!root && outerSuites === 1) report.addTotals('stdout', outerLine);
        } else if (seen.tests > 0) {
          report.setCount('total', seen.tests);
          report.setCount('failed', seen.failures);
          report.setCount('errors', seen.errors);
          report.setCount('skipped', seen.skipped);
          report.setCount('passed', Math.max(0, seen.tests - seen.failures - seen.errors - seen.skipped));
        }
        for (const key of Object.keys(report.counts)) if (report.counts[key] === 0) delete report.counts[key];
        const parts = run.finish(exit);
        // A report names every testcase by its class and name (a path and a rule, a module and a test): one name per
        // group in the fields, the others counted; the cited testcase tags name them all.
        if (Array.isArray(parts.fields.failures)) {
          let dropped = 0;
          parts.fields.failures = (parts.fields.failures as Array<Record<string, FieldValue>>).map((g) => {
            const tests = g.tests as readonly FieldValue[];
            dropped += Math.max(0, tests.length - 1);
            return { ...g, tests: tests.slice(0, 1) };
          });
          if (dropped) {
            const names = parts.omitted.find((o) => o.what.startsWith('failing test names not listed'));
            if (names) names.count += dropped;
            else parts.omitted.push({ what: 'failing test names not listed (grouped by message)', count: dropped });
          }
        }
        const time = root?.time ?? (outerSuites ? outerTime : undefined);
        if (time !== undefined && parts.fields.total !== undefined) parts.fields.time = Math.round(time * 1000) / 1000;
        if (suites > 1) {
          parts.fields.suites = suites;
          if (failingSuiteCount) parts.fields.suitesFailed = failingSuiteCount;
        }
        if (unreadBytes > 0) {
          parts.omitted.push({ what: `bytes of XML not read past the ${count(2000)}-character line cap (testcases there not counted; the totals are the report's own)`, count: unreadBytes });
          parts.notes = [...(parts.notes ?? []), `${count(cappedLines)} long XML line${cappedLines === 1 ? '' : 's'} read only to the line cap`];
          if (unnamed) parts.notes.push(`${count(unnamed)} failure${unnamed === 1 ? '' : 's'} read from ${unnamed === 1 ? 'its' : 'their'} body only (the testcase tag was past the cap)`);
          parts.confidence = Math.min(parts.confidence, 0.75);
        }
        return parts;
      },
    };
  },
};
