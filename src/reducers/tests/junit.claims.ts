/** What detection reads of a JUnit/xUnit XML report, loaded on every run; the body (./junit.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

/** A suite element with the counts every JUnit producer writes (`tests="3"`, `failures="1"`, `errors="0"`). */
const SUITE = /<testsuites?\b[^>]*\b(?:tests|failures|errors)="\d/;
const CASE = /<testcase\b[^>]*\bname="/;

/** Whether the output is a JUnit/xUnit XML document: it starts (after a declaration and comments) with a suite element. */
export function looksJunit(head: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<testsuites?\b/.test(head.slice(0, 4096));
}

export const junitClaims: ReducerClaims = {
  name: 'junit',
  family: 'junit',
  intent: 'verdict',
  lane: 'internal',
  detect(probe) {
    // From content only: any producer (pytest --junitxml, eslint -f junit, node --test's junit reporter,
    // surefire, jest-junit, go-junit-report), printed or cat'ed. The XML starts the output.
    const head = probe.head.slice(0, 4096);
    if (!looksJunit(head)) return 0;
    return SUITE.test(head) || CASE.test(head) ? 0.95 : 0.6;
  },
};
