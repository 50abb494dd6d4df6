/** What detection reads of `git-ops`, loaded on every run; the body (./git-ops.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const gitOpsClaims: ReducerClaims = {
  name: 'git-ops',
  family: 'git',
  claims: ['git'],
  lane: 'internal',
  detect(probe) {
    const both = `${probe.head}\n${probe.stderrHead}`;
    if (/^CONFLICT \([^)]+\): /m.test(both) || /^Automatic merge failed; fix conflicts/m.test(both)) return 0.9;
    if (/^\s*! \[(?:remote )?rejected\]/m.test(both) && /^(?:error: failed to push some refs|To \S+)/m.test(both)) return 0.9;
    if (/^fatal: (?:not a git repository|Not a valid object name|ambiguous argument|refusing to merge|'[^']+' does not appear to be a git repository|Could not read from remote repository|unable to access ')/m.test(both)) return 0.8;
    return 0;
  },
};
