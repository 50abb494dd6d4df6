/**
 * The Node.js test runner (`node --test`) and other TAP producers: TAP (`not ok 2 - sums three items`
 * with its YAML block: `error:`, `expected:`, `actual:`, `location:`; `# fail 3`) and the spec
 * reporter (`✖ sums three items (1.2ms)`, `ℹ fail 3`).
 * Docs: https://nodejs.org/api/test.html#test-reporters, https://testanything.org/tap-version-13-specification.html
 */
import type { Reducer } from '../../core/types.js';
import { readAssertionLine } from './js-test-lines.js';
import { type FailureDraft, type OpenFailure, TestReport, projectFrame } from './test-report.js';
import { nodeTestClaims } from './node-test.claims.js';
import { COUNT, countOf } from './counts.js';

const TAP_RESULT = /^(\s*)(not ok|ok) \d+(?: -)?\s*(.*?)(?:\s+#\s*(SKIP|TODO)\b.*)?$/i;
const TAP_TOTAL = new RegExp(String.raw`^# (tests|suites|pass|fail|cancelled|skipped|todo) (${COUNT})$`);
const SPEC_FAIL = /^(\s*)✖ (.+?)(?: \([\d.]+m?s\))?$/;
const SPEC_PASS = /^\s*✔ /;
const SPEC_TOTAL = new RegExp(String.raw`^\u2139 (tests|suites|pass|fail|cancelled|skipped|todo) (${COUNT})$`);
const KEYS: Record<string, string> = { tests: 'total', pass: 'passed', fail: 'failed' };
/** Spec reporter: `test at test/orders.test.js:24:11`, where a failing test listed again after `✖ failing tests:` is declared. */
const DECLARED_AT = /^test at \S+:\d+:\d+$/;
/** Failures of the spec reporter's tree held until the run ends or lists them again (then read from that list); past this many they are added as read. */
const MAX_HELD = 200;
/** A YAML block scalar's indicator (`|`, `|-`, `>-`, …): the value is on the lines below. */
const BLOCK_SCALAR = /^[|>][-+]?$/;
/** Nested `message:` lines of one TAP diagnostic block kept as its focus lines. */
const MAX_MESSAGE_MARKS = 8;

export const nodeTestReducer: Reducer = {
  ...nodeTestClaims,
  version: '1.2.3',
  start(ctx) {
    const report = new TestReport({ runner: 'node --test' }, ctx.errorPatterns);
    /** TAP: the YAML block of the failing test being read, and its indentation. */
    let yaml: { indent: number; key: string; declared?: boolean } | null = null;
    /** Spec reporter: after `✖ failing tests:` the failures are listed a second time. */
    let repeated = false;
    /** Spec reporter: the failure's stack has begun. */
    let stack = false;
    /**
     * Spec reporter: the failures read from the tree, held. Node lists them again after `✖ failing
     * tests:`, each under the line saying where the test is declared: read from there instead.
     */
    let held: FailureDraft[] = [];
    /** Whether the open block was read from the spec reporter's tree (and is held when it closes). */
    let fromTree = false;
    /** Whether the open block is a TAP `not ok` line: a failure in its own right, with or without a diagnostic block. */
    let fromTap = false;
    /** The `test at …` line above the next failure of the repeated list. */
    let declared: number | null = null;

    const closeFailure = (): void => {
      const open = report.block;
      // A spec-reporter parent whose subtests failed has no error of its own. A TAP `not ok` is a
      // failure whether or not its producer wrote a diagnostic block (node marks its parents `subtestsFailed`).
      if (open && open.message === undefined && !fromTap) report.block = null;
      else if (open && fromTree && held.length < MAX_HELD) {
        held.push(open.draft());
        report.block = null;
      }
      report.closeBlock();
    };

    /** At the end: the held failures count when the run did not list them again. */
    const finishFailures = (): void => {
      closeFailure();
      for (const draft of held) report.add(draft);
      held = [];
    };

    return report.run((stream, n, text) => {
      const total = TAP_TOTAL.exec(text) ?? SPEC_TOTAL.exec(text);
      if (total) {
        closeFailure();
        const key = KEYS[total[1]!] ?? total[1]!;
        const value = countOf(total[2]!);
        if (key !== 'suites' && (value > 0 || key === 'passed' || key === 'total')) report.setCount(key, value);
        // `# pass 12` states the outcome of a green run; `# fail 3` that of a red one: cite both.
        if (key === 'passed' || (key === 'failed' && value > 0)) report.addTotals(stream, n, key === 'passed' ? 'totals' : 'failed');
        return;
      }
      const result = TAP_RESULT.exec(text);
      if (result) {
        closeFailure();
        yaml = null;
        const [, , verdict, name, directive] = result;
        fromTap = true;
        if (verdict!.toLowerCase() === 'not ok' && !directive) report.openBlock(name || `test at line ${n}`, stream, n, text.length);
        return;
      }
      if (/^✖ failing tests:/.test(text)) {
        closeFailure();
        repeated = true;
        held = [];
        return;
      }
      if (repeated && DECLARED_AT.test(text)) {
        closeFailure();
        declared = n;
        return;
      }
      const spec = SPEC_FAIL.exec(text);
      if (spec) {
        closeFailure();
        stack = false;
        fromTree = !repeated;
        fromTap = false;
        // A failure listed again starts at the line that says where its test is declared.
        report.openBlock(spec[2]!, stream, declared ?? n, text.length + (declared !== null ? 80 : 0));
        declared = null;
        return;
      }
      if (SPEC_PASS.test(text) || /^\s*▶ /.test(text)) {
        closeFailure();
        return;
      }
      const open = report.block;
      if (!open || open.stream !== stream) return;
      if (text.trim() === '---') {
        yaml = { indent: text.indexOf('-'), key: '' };
        return;
      }
      if (yaml) return readYaml(open, yaml, n, text);
      const trimmed = text.trim();
      if (/^at /.test(trimmed)) {
        stack = true;
        const frame = projectFrame(trimmed);
        if (frame) open.setLocation(n, frame, text.length);
        return;
      }
      // After the stack only the inspected error's `actual:`/`expected:` remain; read them only
      // when the message still lacks them.
      if (trimmed && (!stack || open.details < 2) && !readAssertionLine(open, n, trimmed, text.length) && !stack) open.extend(n, text.length);
    }, finishFailures);

    /** One line of a TAP YAML diagnostic block. */
    function readYaml(open: OpenFailure, state: { indent: number; key: string; declared?: boolean }, n: number, text: string): void {
      const indent = text.length - text.trimStart().length;
      // The block ends with `...` at its own indentation (an assertion diff may contain `...` too).
      if (text.trim() === '...' && indent === state.indent) {
        yaml = null;
        return;
      }
      const entry = indent === state.indent ? /^\s*(\w+):\s*(.*)$/.exec(text) : null;
      if (entry) {
        const [, key, value] = entry;
        state.key = key!;
        const inline = value!.replace(/^'(.*)'$/, '$1');
        if (key === 'failureType' && inline === 'subtestsFailed') report.block = null;
        // node writes `error:`; the TAP 13 specification's own example, and other producers, `message:`.
        else if ((key === 'error' || (key === 'message' && open.message === undefined)) && inline && !BLOCK_SCALAR.test(inline)) open.setMessage(n, inline, text.length);
        else if ((key === 'expected' || key === 'actual') && inline) {
          open.mark(n, text.length);
          if (open.details < 2 && open.message !== undefined && open.message.length < 200) open.addDetail(`${key}: ${inline}`);
        }
        else if (key === 'location' || key === 'at') {
          // Where the test is declared: kept unless the stack names the frame that failed.
          const frame = projectFrame(inline);
          if (frame && open.location === undefined) {
            open.location = frame;
            state.declared = true;
          }
        }
        return;
      }
      const trimmed = text.trim();
      if (!trimmed) return;
      // A block listing several problems (`messages:` of a linter's TAP): each nested `message:` is one of them.
      if (/^(?:- )?message: \S/.test(trimmed)) {
        if (open.focus.length < MAX_MESSAGE_MARKS) open.mark(n, text.length);
        return;
      }
      // A `message: >-` block scalar: its first line is the message.
      if (state.key === 'message' && open.message === undefined) open.setMessage(n, trimmed, text.length);
      else if (state.key === 'error') readAssertionLine(open, n, trimmed, text.length);
      else if (state.key === 'stack' && (open.location === undefined || state.declared)) {
        const frame = projectFrame(trimmed);
        if (frame) {
          open.location = frame;
          state.declared = false;
          open.mark(n, text.length);
        }
      } else if ((state.key === 'expected' || state.key === 'actual') && open.focus.length < 8) open.mark(n, text.length);
    }
  },
};

