/** What detection reads of `gh-pr-checks`, loaded on every run; the body (./gh-pr-checks.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const TAB_ROW = /^([^\t]+)\t(pass|fail|pending|skipping|cancel)\t([^\t]*)\t?([^\t]*)/;

export const TALLY = /(\d+) cancell?ed, (\d+) failing, (\d+) successful, (\d+) skipped, and (\d+) pending checks?/;

export const ghPrChecksClaims: ReducerClaims = {
  name: 'gh-pr-checks',
  family: 'gh',
  intent: 'verdict',
  claims: ['gh pr checks'],
  lane: 'external-runtime',
  detect(probe) {
    const rows = probe.head.split('\n').slice(0, 40).filter((l) => TAB_ROW.test(l) && /https?:\/\//.test(l)).length;
    if (rows >= 2) return 0.85;
    return TALLY.test(probe.head) ? 0.85 : 0;
  },
};
