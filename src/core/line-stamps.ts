/**
 * The stamp a log collector puts in front of every line a tool printed: `docker logs -t`,
 * `kubectl logs --timestamps`, a CI job's raw log, `gh run view --log` (job and step names, then
 * the time). Read past it, the tool's own lines are what detection and the reducers know: a go test
 * run or a jest report behind timestamps is still one. The artifact keeps the lines as they came.
 */

/** An RFC 3339 time (to the nanosecond), optionally after the job and step of `gh run view --log`, then a space. */
const STAMP = /^(?:[^\t\n]{1,100}\t[^\t\n]{1,200}\t)?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? /;
/** GitHub Actions' own markers: such a log is the ci-log reducer's, stamps and all. */
export const RUNNER_MARKER = /##\[(?:group|endgroup|error|warning)\]/;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
/** Head lines, at least, and the share of them that must carry the stamp. */
const MIN_LINES = 4;
const MIN_SHARE = 0.9;

/** Whether (nearly) every line of a head starts with a collector's stamp. */
export function isStamped(head: string): boolean {
  // Most heads have no ISO time at all: one native search, not a split and a test per line.
  if (!ISO_TIME.test(head) || RUNNER_MARKER.test(head)) return false;
  // The head may end mid-line: its last piece is not judged.
  const lines = head.split('\n').slice(0, -1).filter((l) => l.trim() !== '');
  if (lines.length < MIN_LINES) return false;
  let stamped = 0;
  for (const line of lines) if (STAMP.test(line)) stamped++;
  return stamped >= lines.length * MIN_SHARE;
}

/** The line without its stamp (a line with none is returned as it is). */
export function unstamp(text: string): string {
  const m = STAMP.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/** A head with every line's stamp removed. */
export function unstampHead(head: string): string {
  return head.split('\n').map(unstamp).join('\n');
}
