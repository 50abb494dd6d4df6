/** What detection reads of `gh-list`, loaded on every run; the body (./gh-list.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const ghListClaims: ReducerClaims = {
  name: 'gh-list',
  family: 'gh',
  claims: ['gh', 'gh pr list', 'gh issue list', 'gh run list', 'gh release list', 'gh repo list', 'gh search', 'gh workflow list', 'gh label list', 'gh gist list', 'gh cache list', 'gh pr status', 'gh issue status'],
  lane: 'external-untrusted',
  detect: () => 0,
};
