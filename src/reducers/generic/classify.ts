/**
 * Which lines are errors, warnings or outcome summaries, by wording common to most tools and
 * logs. One combined test per line keeps a 1 GiB log fast; zero counts ("0 errors") do not count,
 * and words inside flags, paths and identifiers (`--error-format`, `errors.rs`) do not either.
 */

import { scannedCandidateOf } from '../../core/line-facts.js';

/** Word-ish boundaries that also exclude flag, path and identifier characters. */
const B = String.raw`(?<![\w./=\\-])`;
const E = String.raw`(?![\w/=\\-]|\.\w)`;

const ERROR_WORDS = new RegExp(
  [
    `${B}(?:ERROR|ERR!|FATAL|CRITICAL|PANIC|FAIL(?:ED|URE|S)?|Error|Fatal|Exception|Traceback|panic|fatal|error|errors|failed|failure|Failed|Failure|exception|Unhandled|Uncaught|refused|denied|Forbidden|Unauthorized|Errno|Segmentation fault|segmentation fault|core dumped|OOMKilled|Out of memory|CrashLoopBackOff|ImagePullBackOff|ErrImagePull|BackOff|Evicted|timed out|cannot|Cannot|could not|Could not|not found|No such file|Killed|Aborted)${E}`,
    String.raw`\bexit(?:ed)? (?:status|code|with code):? ?[1-9]\d*`,
    String.raw`\b[A-Za-z]*(?:Error|Exception)\b`,
    String.raw`\berror\[E?\d+\]`,
    String.raw`\berror TS\d+`,
    String.raw`"level":\s*(?:50|60)\b`,
    String.raw`"level":\s*"(?:error|fatal|critical)"`,
    String.raw`\blevel=(?:error|fatal|crit)`,
    String.raw`\bHTTP\/\d(?:\.\d)?"?\s+5\d\d\b`,
    String.raw`"statusCode":\s*5\d\d`,
    String.raw`##\[error\]`,
    String.raw`^\S*make(?:\[\d+\])?: \*\*\* .*\bStop\.$`,
    String.raw`^\s*(?:E\s{2,}|\u2717|\u2716|\u00d7|X\s)`, // ✗ ✖ × (escaped: the bundle stays ASCII)
  ].join('|'),
);

/** An error line that leads with its severity: `error[E0425]: …`, `ERROR …`, `FAILED …`, `Traceback`, `panic:`. */
const STRONG = new RegExp(
  [
    String.raw`^\s*(?:\[?\d{2}:\d{2}:\d{2}[^\]]*\]?\s*)?(?:error|ERROR|Error|FATAL|fatal|FAIL|FAILED|Failed|PANIC|panic|Traceback|E\s{2,}|\u2717|\u2716|\u00d7|X\s|npm ERR!|npm error |ERR!|\[ERROR\]|\[error\])`,
    String.raw`^[\w./\\-]+[:(]\d+[:,]?\d*\)?:?\s*(?:-\s*)?(?:fatal\s+)?error\b`,
    String.raw`##\[error\]`,
    String.raw`^[A-Za-z_][\w.]*(?:Error|Exception)(?::|$)`,
    String.raw`\b(?:level|severity)[=:]\s*"?(?:error|fatal|critical|50|60)\b`,
    String.raw`\bexit(?:ed)? (?:status|code|with code):? ?[1-9]\d*`,
    String.raw`(?:OOMKilled|CrashLoopBackOff|ImagePullBackOff|ErrImagePull|Evicted)`,
    // A Unix tool's own error: `cp: cannot stat 'x': No such file or directory`, `grep: x: No such file
    // or directory`, `bash: line 3: kubectl: command not found`, `./deploy.sh: line 9: …`, `curl: (7) Failed
    // to connect`. The program leads the line in lower case (or as a path), not a level word or a `Key:`.
    String.raw`^(?!(?:note|info|debug|hint|help|warning|warn|trace|notice|tip):)(?:[a-z][\w.+-]*|\.{0,2}/[\w./+-]+): (?:[^:]{1,120}: ){0,3}(?:\(\d+\) )?(?:[Cc]annot|[Cc]an't|[Cc]ould not|[Uu]nable to|[Ff]ailed|No such file or directory|Permission denied|(?:command )?not found|Connection refused|(?:(?:syntax|fatal|parse|internal|runtime|unexpected) )?[Ee]rror\b)`,
    // make's own verdict on a failed recipe: `make: *** [all] Error 2`, and its fatal stops (`make: *** No rule to make target 'x'.  Stop.`).
    String.raw`: \*\*\* .*\bError \d+`,
    String.raw`^\S*make(?:\[\d+\])?: \*\*\* .*\bStop\.$`,
    // A per-item result that ends with its verdict: `tests/x.py::test_y FAILED [ 30%]`, `test z ... FAILED`.
    String.raw`\s(?:FAILED|FAIL|ERROR)(?:\s+\[\s*\d+%\])?$`,
  ].join('|'),
);

// A warning category names itself like an exception class: `UserWarning`, `RuntimeWarning`, `ResourceWarning`.
const WARNING_WORDS = new RegExp(`${B}(?:WARN(?:ING)?|Warning|warning|warn|deprecated|DEPRECATED|Deprecated)${E}|\\b[A-Z][a-z]\\w*Warning\\b|"level":\\s*40\\b|"level":\\s*"warn|##\\[warning\\]`);

/** "0 errors", "errors: 0", "no failures", "error-free": wording that mentions errors without one. */
const ZERO_COUNTS =
  /\b(?:0|no|zero|without)\s+(?:errors?|failures?|failed|problems?|warnings?|exceptions?)\b|\b(?:errors?|failures?|failed|failing|warnings?)\s*[=:]\s*0\b|\berror-free\b|\bfailures?=0\b/gi;

export type LineClass = 'error' | 'warning' | null;

/** The per-line prefix of GitHub Actions job logs: `2025-10-16T08:54:55.5566904Z `. */
export const ACTIONS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z /;

/** How many of the non-blank lines among the first `maxLines` of `head` carry that prefix. */
export function countTimestamped(head: string, maxLines?: number): { lines: number; stamped: number } {
  const lines = head.split('\n', maxLines).filter((l) => l.trim() !== '');
  return { lines: lines.length, stamped: lines.filter((l) => ACTIONS_TIMESTAMP.test(l)).length };
}

/** The log prefix stripLogPrefix removes (its definition; the character walk below is held to it by a property test). */
export const LOG_PREFIX = /^\uFEFF?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s+/;

/** The last line stripped and its body: the digest, the level reader and the problem log strip the same line in turn. */
let lastStripped = '';
let lastBody = '';

/** Strips what loggers put before the message: an ISO timestamp, a bracketed time or level. */
export function stripLogPrefix(text: string): string {
  const first = text.charCodeAt(0);
  if (!((first >= 48 && first <= 57) || first === 0xfeff)) return text; // no leading digit, no timestamp
  if (text === lastStripped) return lastBody;
  const end = logPrefixEnd(text);
  lastStripped = text;
  lastBody = end === 0 ? text : text.slice(end);
  return lastBody;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** `\s` of a JavaScript regex. */
export const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** The first character of `text` past its leading `\s` (NaN when there is none): a regex that opens with `^\s*` and one of a few characters is skipped on the many lines that start with another. */
export function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return text.charCodeAt(i);
}

/**
 * Where LOG_PREFIX's match ends in `text` (0: no match), by walking the characters: the regex ran on every
 * line of a log. No backtracking is needed: each optional part is followed by a character it cannot start with.
 */
export function logPrefixEnd(text: string): number {
  const n = text.length;
  const at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // \d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}: 19 characters of fixed shape.
  if (at + 19 >= n) return 0;
  // `dddd-dd-ddTdd:dd:dd` (d a digit, T a `T` or a space), unrolled: a loop over that shape cost a twentieth of a log's reducer.
  const t = text.charCodeAt(at + 10);
  if (
    !(isDigit(text.charCodeAt(at)) && isDigit(text.charCodeAt(at + 1)) && isDigit(text.charCodeAt(at + 2)) && isDigit(text.charCodeAt(at + 3)) &&
      text.charCodeAt(at + 4) === 45 && isDigit(text.charCodeAt(at + 5)) && isDigit(text.charCodeAt(at + 6)) &&
      text.charCodeAt(at + 7) === 45 && isDigit(text.charCodeAt(at + 8)) && isDigit(text.charCodeAt(at + 9)) &&
      (t === 84 || t === 32) && isDigit(text.charCodeAt(at + 11)) && isDigit(text.charCodeAt(at + 12)) &&
      text.charCodeAt(at + 13) === 58 && isDigit(text.charCodeAt(at + 14)) && isDigit(text.charCodeAt(at + 15)) &&
      text.charCodeAt(at + 16) === 58 && isDigit(text.charCodeAt(at + 17)) && isDigit(text.charCodeAt(at + 18)))
  ) return 0;
  let i = at + 19;
  // (?:[.,]\d+)?
  const c0 = text.charCodeAt(i);
  if ((c0 === 46 || c0 === 44) && isDigit(text.charCodeAt(i + 1))) {
    i += 2;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
  }
  // (?:Z|[+-]\d{2}:?\d{2})?
  const c1 = text.charCodeAt(i);
  if (c1 === 90) i++;
  else if ((c1 === 43 || c1 === 45) && isDigit(text.charCodeAt(i + 1)) && isDigit(text.charCodeAt(i + 2))) {
    const colon = text.charCodeAt(i + 3) === 58 ? 1 : 0;
    if (isDigit(text.charCodeAt(i + 3 + colon)) && isDigit(text.charCodeAt(i + 4 + colon))) i += 5 + colon;
  }
  // \s+
  if (!isSpace(text.charCodeAt(i))) return 0;
  i++;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** A cheap first look: a line with none of these fragments is neither an error nor a warning. */
// The fragments, grouped by their first letter so the regex tries one branch per position, not thirty:
// err fail fatal panic exception traceback refused denied forbidden unauthori segmentation dumped oom backoff
// evict timed out cannot could not not found no such killed abort exit level http/ statuscode stop. ##[ warn
// deprecat, and a line that opens with `E  `, `✗`, `✖`, `×` or `X `.
export const CANDIDATE =
  /e(?:rr|x(?:ception|it)|vict)|f(?:a(?:il|tal)|orbidden)|panic|t(?:raceback|imed out)|refused|d(?:enied|umped|eprecat)|unauthori|s(?:egmentation|tatuscode|top\.)|oom|backoff|c(?:annot|ould not)|no(?:t found| such)|killed|abort|level|http\/|##\[|warn|^\s*(?:e\s\s|✗|✖|×|x\s)/i;

/** CANDIDATE's branch for a line that opens with a mark: the one part of it no literal stands for. */
export const LEADING_MARK = /^\s*(?:e\s\s|✗|✖|×|x\s)/i;

/** Whether the first character past leading space can open LEADING_MARK: `e`, `x` (either case), `✗`, `✖`, `×`. */
export function mayLeadWithMark(text: string): boolean {
  const c = firstNonSpace(text);
  return c === 0x65 || c === 0x45 || c === 0x78 || c === 0x58 || c === 0x2717 || c === 0x2716 || c === 0xd7;
}

export function classifyLine(text: string, extra: readonly RegExp[] = []): LineClass {
  // The injection scan's literal pass may have looked for CANDIDATE's fragments in this very line already.
  const scanned = scannedCandidateOf(text);
  if (scanned === undefined ? !CANDIDATE.test(text) : !scanned && !(mayLeadWithMark(text) && LEADING_MARK.test(text))) {
    for (const pattern of extra) if (pattern.test(text)) return 'error';
    return null;
  }
  if (ERROR_WORDS.test(text)) {
    if (!ZERO_COUNTS.test(text)) return 'error';
    ZERO_COUNTS.lastIndex = 0;
    if (ERROR_WORDS.test(text.replace(ZERO_COUNTS, ''))) return 'error';
  }
  ZERO_COUNTS.lastIndex = 0;
  for (const pattern of extra) if (pattern.test(text)) return 'error';
  if (WARNING_WORDS.test(text)) return 'warning';
  return null;
}

/** 2 when the line leads with its severity (or names a fatal state), 1 for a mere mention. `body`: the line already stripped of its log prefix. */
export function errorStrength(text: string, body = stripLogPrefix(text)): 1 | 2 {
  return STRONG.test(body) ? 2 : 1;
}

/**
 * Outcome lines: totals and verdicts that most tools print last (`Tests: 15 failed, 50 passed`,
 * `Plan: 3 to add, 0 to change, 1 to destroy.`, `5 warnings, 15 errors in 6.08s`, `BUILD FAILED`).
 */
const COUNT = String.raw`\b\d[\d,]*\s+(?:passed|failed|failing|passing|errors?|warnings?|skipped|pending|tests?|suites?|added|changed|destroyed|to add|to change|to destroy|to import|files? changed|insertions?\(\+\)|deletions?\(-\)|succeeded|problems?|todo|xfailed|xpassed|deselected|rerun|ok|ignored|measured|filtered out|items?)\b`;
export const TWO_COUNTS = new RegExp(`${COUNT}.*${COUNT}`, 'i');
/**
 * What every COUNT match holds: a digit or comma, whitespace, and the first two letters of one of its words. Most
 * log lines hold none (`200 45ms` puts a digit after the space), and irregexp finds this at native speed, where
 * TWO_COUNTS, which opens with `\b\d`, was tried at every position: it now runs only on the lines that have one.
 */
export const COUNT_SEED = /[\d,]\s+(?:p[ae]|fa|er|wa|sk|te|su|ad|ch|de|to|fi|in|pr|x[fp]|re|ok|ig|me|it)/i;
export const VERDICT =
  /^\s*(?:Tests?:|Test Suites?:|Test Files|Snapshots:|Plan:|Apply complete!|Destroy complete!|Successfully (?:built|tagged|installed|compiled)|BUILD (?:SUCCESSFUL|FAILED|SUCCESS|FAILURE)|Found \d+ errors?|test result:|Ran \d+ tests?|FAILED \(|OK \(|Tests run:|Done in|ok\s+\S+\s+[\d.]+s|FAIL\s+\S+\s+[\d.]+s|(?:=+|-+) .*\b(?:passed|failed|errors?|no tests ran)\b.* in [\d.]+s|✖ \d+ problems?|\d+ problems? \(|Error: \d+ chart|added \d+ packages?|up to date|found \d+ vulnerabilit|Terraform has been successfully|STATUS:|Process completed with exit code)/;

/** The characters VERDICT's alternatives open with (past leading space): most lines are ruled out without the regex. */
const VERDICT_OPENERS = new Set([...'TSPADBFtROo=-\u2716Eauf0123456789'].map((c) => c.charCodeAt(0)));

/** Whether the first character past leading space can open a VERDICT line. */
export function mayOpenVerdict(text: string): boolean {
  return VERDICT_OPENERS.has(firstNonSpace(text));
}

export function isOutcomeLine(text: string, stripped = stripLogPrefix(text)): boolean {
  const body = stripped.startsWith('##[') ? stripped.replace(/^##\[(?:error|warning|notice)\]/, '') : stripped;
  return (mayOpenVerdict(body) && VERDICT.test(body)) || (COUNT_SEED.test(body) && TWO_COUNTS.test(body));
}

/** Lines that continue any error above them: stack frames, carets, `-->` locations, chained causes. */
const STACK_FRAME = /^(?:\s*(?:at |File "|-->|\||\^|~|\.\.\.|Caused by|goroutine |\d+\s*\|)|[A-Za-z_.]+(?:Error|Exception)\b)/;
/** Indented detail: it belongs to an error that leads with its severity, not to a mere mention. */
const INDENTED = /^\s+\S/;

/** `'frame'` for a stack frame or code pointer, `'indent'` for other indented text, null otherwise. */
export function continuationKind(text: string, body = stripLogPrefix(text)): 'frame' | 'indent' | null {
  return STACK_FRAME.test(body) ? 'frame' : INDENTED.test(body) ? 'indent' : null;
}

export function isContinuation(text: string): boolean {
  return continuationKind(text) !== null;
}
