/** What detection reads of `gh-pr-view`, loaded on every run; the body (./gh-pr-view.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { githubJsonScore } from './github-json.js';

/** Terminal form: `Add cache #7`, then `Open • zed wants to merge 2 commits into main from cache • about 1 day ago`. */
export const HUMAN_TITLE = /^(.+) #(\d+)$/;

export const HUMAN_STATE = /^(Open|Closed|Merged|Draft) • (\S+) (?:wants to merge|merged|opened|closed)/;

export const ghPrViewClaims: ReducerClaims = {
  name: 'gh-pr-view',
  family: 'gh',
  intent: 'answer',
  claims: ['gh pr view', 'gh issue view'],
  lane: 'external-untrusted',
  detect(probe) {
    if (/^\s*\{/.test(probe.head)) return /"(?:statusCheckRollup|reviewDecision|mergeStateStatus|latestReviews|reviewRequests)"\s*:/.test(probe.head) ? 0.95 : githubJsonScore(probe.head) > 0 && /"comments"\s*:\s*\[/.test(probe.head) ? 0.8 : 0;
    if (/^author:\t.*\nassociation:\t/.test(probe.head)) return 0.85;
    const [first = '', second = ''] = probe.head.split('\n');
    if (HUMAN_TITLE.test(first) && HUMAN_STATE.test(second)) return 0.85;
    return /^title:\t.*\nstate:\t.*\n(?:author|labels):\t/.test(probe.head) ? 0.9 : 0;
  },
};
