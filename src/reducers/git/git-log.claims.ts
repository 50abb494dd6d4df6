/** What detection reads of `git-log`, loaded on every run; the body (./git-log.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

/** A `git blame` line: commit, author, date and the line's number in parentheses, then the line. */
const BLAME_LINE = /^\^?[0-9a-f]{7,40} (?:\S+ +)?\([^()]*? \d+\) /;

export const gitLogClaims: ReducerClaims = {
  name: 'git-log',
  family: 'git',
  intent: 'answer',
  claims: ['git log', 'git show', 'git whatchanged'],
  lane: 'external-untrusted',
  detect(probe) {
    if (/^commit [0-9a-f]{40}\b.*\n(?:Merge: .*\n)?Author: /m.test(probe.head)) return 0.95;
    // `git log --oneline` piped: an abbreviated hash leads nearly every line (after any --graph drawing).
    const lines = probe.head.split('\n', 41).slice(0, 40).filter((l) => l.trim() !== '');
    // `git blame` leads with a hash too, but its parentheses end with a line number: a file, not a log.
    const commits = lines.filter((l) => /^(?:[*|\\/ ]+)?[0-9a-f]{7,12} (?:\([^)]*\) )?\S/.test(l) && !BLAME_LINE.test(l)).length;
    return lines.length >= 3 && commits >= lines.length * 0.8 ? 0.7 : 0;
  },
};
