/** What detection reads of `git-log`, loaded on every run; the body (./git-log.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

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
    const commits = lines.filter((l) => /^(?:[*|\\/ ]+)?[0-9a-f]{7,12} (?:\([^)]*\) )?\S/.test(l)).length;
    return lines.length >= 3 && commits >= lines.length * 0.8 ? 0.7 : 0;
  },
};
