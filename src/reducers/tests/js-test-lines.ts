/**
 * Lines JavaScript test runners (jest, vitest, mocha, node --test) share: count phrases in
 * their totals and the assertion lines of a failure (`Expected: 3`, `+ Received`, `- expected`).
 */
import type { OpenFailure } from './test-report.js';
import { COUNT, countOf } from './counts.js';

const COUNTS = new RegExp(String.raw`(${COUNT}) (failed|failing|passed|passing|skipped|pending|todo|total|tests?)\b`, 'g');
const TOTAL = new RegExp(String.raw`\((${COUNT})\)\s*$`);
const KEYS: Record<string, string> = { failing: 'failed', passing: 'passed', pending: 'skipped', test: 'total', tests: 'total' };

/** `3 failed, 1 skipped, 4 passed, 8 total` or `3 failed | 4 passed (7)` as [key, count] pairs. */
export function parseCounts(text: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const m of text.matchAll(COUNTS)) out.push([KEYS[m[2]!] ?? m[2]!, countOf(m[1]!)]);
  const total = TOTAL.exec(text);
  if (total && !out.some(([k]) => k === 'total')) out.push(['total', countOf(total[1]!)]);
  return out;
}

const EXPECTED_RECEIVED = /^(?:Expected|Received|expected|actual)(?: value| length| substring| pattern| constructor| path| message| number of calls)?:\s/;
const DIFF_HEADER = /^(?:- Expected|\+ Received|- expected|\+ actual|\+ expected - actual)\b/;

/**
 * Reads one trimmed line of a failure block: the first is the message; expected/received lines
 * and the first diff lines become focus (and, after a bare matcher hint, part of the message).
 * Returns whether the line was one of those.
 */
export function readAssertionLine(open: OpenFailure, n: number, trimmed: string, length: number): boolean {
  if (open.message === undefined) {
    open.setMessage(n, trimmed, length);
    return true;
  }
  const incomplete = open.details < 2 && open.message.length < 200 && (open.details > 0 || /^expect\(|^expected .* to |:$/.test(open.message));
  if (EXPECTED_RECEIVED.test(trimmed)) {
    open.mark(n, length);
    // `expect(received).toBe(expected)` says little alone: add what was expected and received.
    if (incomplete) open.addDetail(trimmed);
    return true;
  }
  if (DIFF_HEADER.test(trimmed)) {
    open.mark(n, length);
    return true;
  }
  if (/^[-+] /.test(trimmed) && open.focus.length < 8) {
    open.mark(n, length);
    if (incomplete) open.addDetail(trimmed);
    return true;
  }
  // `Expected values to be strictly equal:` is completed by the line that follows (`698 !== 699`).
  if (open.details === 0 && open.message.endsWith(':') && open.message.length < 200 && open.focus.length < 3 && !/^[{}[\]()]+,?$/.test(trimmed)) {
    open.message = `${open.message} ${trimmed}`;
    open.details = 2;
    open.mark(n, length);
    return true;
  }
  return false;
}
