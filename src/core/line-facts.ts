/**
 * Facts about a line found by a pass that reads every line anyway, handed to the tests that would read
 * it again. The injection scan's literal pass (one table-driven loop per line) also looks for the
 * fragments an error or warning line must hold, so the classifier skips its regex on the many lines
 * that hold none. The facts are kept for the last line scanned only, keyed by its text: a caller that
 * asks about another text gets no answer and runs its own test, so a fact can never be applied to the
 * wrong line.
 */

/**
 * The fragments of the classifier's prefilter (`CANDIDATE` in reducers/generic/classify.ts) as literals
 * (case-insensitive; a space matches any whitespace run): a line with none of them, and without the
 * leading mark that prefilter also accepts, is neither an error nor a warning. A property test holds
 * the two to each other.
 */
export const CANDIDATE_FRAGMENTS: readonly string[] = [
  'err', 'exception', 'exit', 'evict', 'fail', 'fatal', 'forbidden', 'panic', 'traceback', 'timed out', 'refused', 'denied',
  'dumped', 'deprecat', 'unauthori', 'segmentation', 'statuscode', 'oom', 'backoff', 'cannot', 'could not', 'not found',
  'no such', 'killed', 'abort', 'level', 'http/', 'stop.', '##[', 'warn',
];

/**
 * The words of the warning reader's notice test (`NOTICE` in reducers/generic/warning-templates.ts) as
 * literals: a line with none of them reports nothing skipped, ignored, held back or overridden. A property
 * test holds the two to each other.
 */
export const NOTICE_FRAGMENTS: readonly string[] = [
  'skipp', 'ignor', 'held back', 'kept back', 'not run', 'not built', 'not installed', 'overrid', 'deprecat', 'xfail', 'obsolete',
  'superseded', 'retrying', 'unmet',
];

let scannedText: string | null = null;
let scannedCandidate = false;
let scannedNotice = false;

/** Records what the literal pass found in `text`: whether any CANDIDATE_FRAGMENTS and any NOTICE_FRAGMENTS occur. */
export function noteScannedLine(text: string, candidate: boolean, notice: boolean): void {
  scannedText = text;
  scannedCandidate = candidate;
  scannedNotice = notice;
}

/** Whether `text` holds a candidate fragment, when it is the last line scanned; undefined otherwise. */
export function scannedCandidateOf(text: string): boolean | undefined {
  return text === scannedText ? scannedCandidate : undefined;
}

/** Whether `text` holds a notice fragment, when it is the last line scanned; undefined otherwise. */
export function scannedNoticeOf(text: string): boolean | undefined {
  return text === scannedText ? scannedNotice : undefined;
}

/** Forgets the last line (tests compare the classifier with and without the facts). */
export function forgetScannedLine(): void {
  scannedText = null;
}
