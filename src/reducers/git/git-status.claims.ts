/** What detection reads of `git-status`, loaded on every run; the body (./git-status.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const gitStatusClaims: ReducerClaims = {
  name: 'git-status',
  family: 'git',
  intent: 'answer',
  claims: ['git status'],
  lane: 'internal',
  detect(probe) {
    const head = probe.head;
    if (/^(?:On branch \S+|HEAD detached (?:at|from) \S+|Not currently on any branch\.)$/m.test(head) && /^(?:Changes to be committed:|Changes not staged for commit:|Untracked files:|Unmerged paths:|nothing to commit|nothing added to commit|Your branch )/m.test(head)) return 0.95;
    return /^(?:Changes to be committed:|Changes not staged for commit:)$/m.test(head) && /^\t(?:modified|new file|deleted|renamed):\s/m.test(head) ? 0.85 : 0;
  },
};
