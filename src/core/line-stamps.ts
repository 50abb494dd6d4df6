/**
 * The stamp a log collector puts in front of every line a tool printed: `docker logs -t`,
 * `kubectl logs --timestamps`, a CI job's raw log, `gh run view --log` (job and step names, then
 * the time); or the source it names before each line: `docker compose up`/`logs` (`tests-1  | `),
 * `kubectl logs --prefix` (`[pod/api-7f9c/app] `), when every line comes from one source. Read past it,
 * the tool's own lines are what detection and the reducers know: a go test run or a jest report behind
 * timestamps is still one. The artifact keeps the lines as they came.
 */

/** An RFC 3339 time (to the nanosecond), optionally after the job and step of `gh run view --log`, then a space. */
const STAMP = /^(?:[^\t\n]{1,100}\t[^\t\n]{1,200}\t)?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? /;
/** GitHub Actions' own markers: such a log is the ci-log reducer's, stamps and all. */
export const RUNNER_MARKER = /##\[(?:group|endgroup|error|warning)\]/;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
/**
 * The source a collector names before a line: docker compose's service and replica padded before ` | `
 * (`tests-1  | `, v1 `tests_1  | `, `|` alone on an empty line), `kubectl logs --prefix`'s `[pod/<name>/<container>] `.
 */
const SOURCE = /^(?:([\w.-]{1,100}[-_]\d{1,4}) +\|(?: |$)|\[(pod\/[^\]\s]{1,250})\] )/;
/** The packet's note when lines were read past their stamps (the whole output shown is an excerpt too). */
export const STAMPS_NOTE = 'every line starts with a timestamp or its source: excerpts leave it out (the artifact keeps it)';
/** Head lines, at least, and the share of them that must carry the stamp. */
const MIN_LINES = 4;
const MIN_SHARE = 0.9;
/** A head of fewer whole lines than MIN_LINES is judged by all its lines, its unfinished last one too when it is this long. */
const MIN_PARTIAL = 64;

/** Whether (nearly) every line of a head starts with a collector's stamp. */
export function isStamped(head: string): boolean {
  // Most heads have no ISO time and no source at all: native searches, not a split and a test per line.
  const times = ISO_TIME.test(head) && !RUNNER_MARKER.test(head);
  const sources = head.includes(' |') || head.includes('[pod/');
  if (!times && !sources) return false;
  // The head may end mid-line: its last piece is judged only when the head has few whole lines (a one-line JSON
  // document or eslint -f json behind a stamp fills the head with its first line), and then every piece must be stamped.
  const pieces = head.split('\n');
  const last = pieces.pop()!;
  const lines = pieces.filter((l) => l.trim() !== '');
  if (lines.length < MIN_LINES) {
    if (last.length >= MIN_PARTIAL) lines.push(last);
    if (lines.length === 0) return false;
  }
  const needed = lines.length < MIN_LINES ? lines.length : lines.length * MIN_SHARE;
  let stamped = 0;
  let only: string | undefined;
  for (const line of lines) {
    const source = sources ? SOURCE.exec(line) : null;
    if (source) {
      // Lines of several services interleaved are a log of them all: read as it is, each line with its source.
      const name = source[1] ?? source[2]!;
      if ((only ??= name) !== name) return false;
      stamped++;
    } else if (times && STAMP.test(line)) stamped++;
  }
  return stamped >= needed;
}

/**
 * Whether a head that isStamped() judged stamped is stamped by a source (`tests-1  | `), a collector's prefix, not
 * by a log's own times: its first line tells, since isStamped() takes one source for all or none.
 */
export function isSourcePrefixed(stampedHead: string): boolean {
  const first = stampedHead.split('\n', 8).find((l) => l.trim() !== '') ?? '';
  return SOURCE.test(first);
}

/** The line without its source and stamp (a line with neither is returned as it is). */
export function unstamp(text: string): string {
  const source = SOURCE.exec(text);
  const rest = source ? text.slice(source[0].length) : text;
  const m = STAMP.exec(rest);
  return m ? rest.slice(m[0].length) : rest;
}

/** A head with every line's stamp removed. */
export function unstampHead(head: string): string {
  return head.split('\n').map(unstamp).join('\n');
}
