/**
 * pytest's terminal report (default, -v, -q, any --tb style): the totals line, each failing
 * test's block (`____ test_name ____`, `E   assert 1 == 2`, `tests/test_x.py:12: AssertionError`),
 * collection errors, and the short test summary (`FAILED tests/test_x.py::test_a - assert ...`).
 * Docs: https://docs.pytest.org/en/stable/how-to/output.html
 */
import type { Reducer, StreamName } from '../../core/types.js';
import { OpenFailure, PYTHON_EXCEPTION, TestReport, projectFrame } from './test-report.js';
import { pytestClaims } from './pytest.claims.js';
import { COUNT, countOf } from './counts.js';

const SECTION = /^=+ (.+?) =+$/;
const BLOCK = /^_+ (\S.*?) _+$/;
const TOTALS = new RegExp(
  String.raw`^(?:=+ )?((?:${COUNT} (?:failed|passed|skipped|deselected|xfailed|xpassed|warnings?|errors?|rerun)(?:, )?)+)(?: in [\d.]+s(?: \([\d:]+\))?)?(?: =+)?$`,
);
const NO_TESTS = /^=* ?no tests ran(?: in [\d.]+s)? ?=*$/;
const SUMMARY_ITEM = /^(FAILED|ERROR|XPASS|XFAIL) (.+?)(?: - (.*))?$/;
/** The last line of a long traceback: `tests/test_x.py:12: AssertionError`. */
const LOCATION_LINE = /^(\S.*?\.py):(\d+):(?: in \S| [A-Za-z_][\w.]*(?:Error|Exception|Exit|Warning|Failed|Interrupt)\b| \w|\s*$)/;
/** A frame in the middle of a traceback (`x.py:12: in helper`, or `x.py:16: ` in long tracebacks), not its end. */
const INTERMEDIATE = /: in \S|:\s*$/;
const MAX_TRACKED = 200_000;
/**
 * A plugin's report framed by dashed rules (`---- benchmark: 8 tests ----`, `---- coverage: platform
 * linux ----`), as opposed to a failure's `---- Captured stdout call ----`: its rows are what the run
 * measured, cited as measurements up to the next blank line or section.
 */
const PLUGIN_REPORT = /^-{3,} (?!Captured )\S.*? -{3,}$/;
const RULE = /^[-=\s]+$/;
/** A row of `--durations`: `2.10s call     tests/test_search.py::test_reindex_all`. */
const DURATION_LINE = /^(\d+(?:\.\d+)?)s (?:call|setup|teardown)\s+(\S+)/;

export const pytestReducer: Reducer = {
  ...pytestClaims,
  version: '1.0.3',
  start(ctx) {
    const report = new TestReport({ runner: 'pytest' }, ctx.errorPatterns);
    let section = '';
    let open: OpenFailure | null = null;
    /** Group index of each failure block, per section, to name them from the short summary. */
    const blocks: Record<'FAILURES' | 'ERRORS', number[]> = { FAILURES: [], ERRORS: [] };
    const seen: Record<'FAILED' | 'ERROR', number> = { FAILED: 0, ERROR: 0 };
    /** Which block (section and ordinal) each group was first cited from, to name it from the summary. */
    const firstBlock = new Map<number, string>();
    /** Whether the open block has reached its end (location line, captured output). */
    let openDone = false;
    /** Inside a plugin's report (PLUGIN_REPORT) until a blank line or a section heading. */
    let pluginReport = false;

    const close = (): void => {
      if (!open) return;
      const index = report.add(open.draft());
      const kind = section === 'ERRORS' ? 'ERRORS' : 'FAILURES';
      const list = blocks[kind];
      if (index >= 0 && !firstBlock.has(index)) firstBlock.set(index, `${kind}:${list.length}`);
      if (list.length < MAX_TRACKED) list.push(index);
      open = null;
      openDone = false;
    };

    const onSummaryItem = (stream: StreamName, n: number, kind: string, id: string, message: string | undefined): void => {
      if (kind !== 'FAILED' && kind !== 'ERROR') return;
      const list = blocks[kind === 'ERROR' ? 'ERRORS' : 'FAILURES'];
      const k = seen[kind]++;
      if (list.length > 0) {
        const index = list[k];
        if (index !== undefined && index >= 0) {
          report.nameGroup(index, id, true);
          if (firstBlock.get(index) === `${kind === 'ERROR' ? 'ERRORS' : 'FAILURES'}:${k}`) report.nameFirst(index, id);
        }
        return;
      }
      // No failure blocks (--tb=no, -rA only): the summary line is all there is.
      report.add({ name: id, stream, from: n, to: n, focus: [n], ...(message ? { message } : {}) });
    };

    /** pytest's own crash (`INTERNALERROR> ...`): its first run of lines, the exception last. */
    let internal: { stream: StreamName; from: number; to: number } | null = null;

    return {
      line(stream, n, text) {
        report.digest.line(stream, n, text);
        if (text.startsWith('INTERNALERROR>')) {
          if (!internal) internal = { stream, from: n, to: n };
          else if (internal.stream === stream && n === internal.to + 1) internal.to = n;
          return;
        }
        if (stream !== 'stdout' && section === '' && !TOTALS.test(text)) return;
        if (pluginReport) {
          if (text.trim() !== '' && !SECTION.test(text)) {
            if (!RULE.test(text)) report.addMeasurement(stream, n, text.length);
            return;
          }
          pluginReport = false;
        }
        if (PLUGIN_REPORT.test(text) && (!open || openDone)) {
          close();
          pluginReport = true;
          return;
        }
        const heading = SECTION.exec(text);
        if (heading) {
          const title = heading[1]!;
          const totals = TOTALS.exec(text);
          close();
          if (totals) return onTotals(stream, n, totals[1]!);
          if (NO_TESTS.test(text)) return report.addTotals(stream, n, 'no tests ran');
          section = title;
          return;
        }
        const totals = TOTALS.exec(text);
        if (totals && !text.startsWith(' ')) {
          close();
          return onTotals(stream, n, totals[1]!);
        }
        if (NO_TESTS.test(text)) {
          report.addTotals(stream, n, 'no tests ran');
          return;
        }
        if (/^collected \d+ items? \/ \d+ errors?/.test(text)) report.addTotals(stream, n, 'collection', 'high');
        if (/^!{3,} .*Interrupted: .* !{3,}$/.test(text)) report.addExcerpt(stream, n, n, text.replace(/^!+ | !+$/g, ''), 'high');

        // `--durations=N`: the slowest setups, calls and teardowns, slowest first.
        if (section.startsWith('slowest ')) {
          const slow = DURATION_LINE.exec(text);
          if (slow) report.addReportedDuration(stream, n, slow[2]!, Number(slow[1]));
          return;
        }
        if (section === 'FAILURES' || section === 'ERRORS') {
          const block = BLOCK.exec(text);
          if (block && !/^[_ ]+$/.test(text)) {
            close();
            open = new OpenFailure(block[1]!, stream, n);
            open.trimHead = true;
            return;
          }
          if (/^E {2,}\S|^E$/.test(text)) {
            // `-q` style reports without block headers: a message after a finished block starts a new one.
            if (!open || openDone) {
              close();
              open = new OpenFailure('', stream, n);
            }
            const body = text.replace(/^E\s+/, '');
            if (open.message === undefined) open.setMessage(n, body, text.length);
            // A SyntaxError starts with its `File "x.py", line 141` line; the exception comes last.
            else if (/^File "/.test(open.message) && PYTHON_EXCEPTION.test(body)) open.setFinalMessage(n, body);
            else if (open.focus.length < 8) open.mark(n, text.length);
            return;
          }
          if (!open) return;
          if (/^-{3,} Captured /.test(text)) {
            openDone = true;
            return;
          }
          const location = LOCATION_LINE.exec(text);
          if (openDone) {
            // `--tb=line` style: the location comes after the captured output; keep it, not the lines between.
            const frame = location && !INTERMEDIATE.test(text) ? projectFrame(`${location[1]}:${location[2]}`) : null;
            if (frame && open.location === undefined) open.location = frame;
            return;
          }
          open.extend(n, text.length);
          if (location) {
            const frame = projectFrame(`${location[1]}:${location[2]}`);
            if (frame) open.setLocation(n, frame, text.length);
            // The final `file:line: ErrorType` line closes a long traceback.
            if (!INTERMEDIATE.test(text)) {
              open.mark(n, text.length);
              if (open.message === undefined) open.setMessage(n, text.slice(location[0].length - 1).replace(/^\W+/, '') || text, text.length);
              openDone = true;
            }
          } else if (/^>\s/.test(text) && open.focus.length < 8) open.mark(n, text.length);
          else if (/^\s+File "/.test(text)) {
            // --tb=native: a plain Python traceback, ended by its exception line.
            const frame = projectFrame(text);
            if (frame) open.setLocation(n, frame, text.length);
          } else if (PYTHON_EXCEPTION.test(text) && !/^E\s/.test(text)) open.setFinalMessage(n, text);
          return;
        }
        if (section.startsWith('short test summary')) {
          const item = SUMMARY_ITEM.exec(text);
          if (item) onSummaryItem(stream, n, item[1]!, item[2]!, item[3]);
        }
      },
      finish(exit) {
        close();
        if (internal) report.addExcerpt(internal.stream, Math.max(internal.from, internal.to - 30), internal.to, 'INTERNALERROR (pytest itself crashed)', 'mandatory', [internal.to]);
        return report.finish(exit);
      },
    };

    function onTotals(stream: StreamName, n: number, counts: string): void {
      for (const part of counts.split(', ')) {
        const [num, word] = part.split(' ');
        const key = word === 'error' ? 'errors' : word === 'warning' ? 'warnings' : word!;
        if (key === 'warnings') continue;
        report.setCount(key, countOf(num!));
      }
      report.addTotals(stream, n);
    }
  },
};
