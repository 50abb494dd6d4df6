/**
 * Which lines are errors or warnings, by wording common to most tools and logs.
 * One combined test per line keeps a 1 GiB log fast; zero counts ("0 errors") do not count.
 */

const ERROR_WORDS =
  /\b(?:ERROR|ERR!|FATAL|CRITICAL|PANIC|FAIL(?:ED|URE|S)?|Error|Fatal|Exception|Traceback|panic|fatal|error|errors|failed|failure|Failed|Failure|exception|Caused by|Unhandled|Uncaught|refused|denied|Forbidden|Unauthorized|Errno|Segmentation fault|segmentation fault|core dumped|OOMKilled|Out of memory|CrashLoopBackOff|ImagePullBackOff|ErrImagePull|BackOff|Evicted|non-zero exit|timed out|cannot|Cannot|could not|Could not|not found|No such file|Killed|abort(?:ed)?|Aborted)\b|\bexit(?:ed)? (?:status|code|with code):? ?[1-9]\d*|\bE\d{4}\b|error\[|"level":\s*(?:50|60)\b|"level":\s*"(?:error|fatal|critical)"|\blevel=(?:error|fatal|crit)|\bHTTP\/\d(?:\.\d)?"?\s+5\d\d\b|"statusCode":\s*5\d\d|^\s*E\s{2,}|^\s*✗|^\s*✖|^\s*×|^\s*X /;

const WARNING_WORDS = /\b(?:WARN(?:ING)?|Warning|warning|warn|deprecated|DEPRECATED|Deprecated)\b|"level":\s*40\b|"level":\s*"warn/;

/** "0 errors", "errors: 0", "no failures", "error-free": wording that mentions errors without one. */
const ZERO_COUNTS =
  /\b(?:0|no|zero|without)\s+(?:errors?|failures?|failed|problems?|warnings?|exceptions?)\b|\b(?:errors?|failures?|failed|failing|warnings?)\s*[=:]\s*0\b|\berror-free\b|\bfailures?=0\b/gi;

export type LineClass = 'error' | 'warning' | null;

export function classifyLine(text: string, extra: readonly RegExp[] = []): LineClass {
  if (ERROR_WORDS.test(text)) {
    if (!ZERO_COUNTS.test(text)) return 'error';
    ZERO_COUNTS.lastIndex = 0;
    if (ERROR_WORDS.test(text.replace(ZERO_COUNTS, ''))) return 'error';
  }
  for (const pattern of extra) if (pattern.test(text)) return 'error';
  if (WARNING_WORDS.test(text)) return 'warning';
  return null;
}

/** Lines that continue the error above them: stack frames, indented detail, carets, `-->` locations. */
const CONTINUATION = /^(?:\s+\S|\s*(?:at |File "|-->|\||\^|~|\.\.\.|Caused by|goroutine |\d+\s*\|)|[A-Za-z_.]+(?:Error|Exception)\b)/;

export function isContinuation(text: string): boolean {
  return CONTINUATION.test(text);
}
