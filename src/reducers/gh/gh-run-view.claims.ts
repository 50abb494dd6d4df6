/** What detection reads of `gh-run-view`, loaded on every run; the body (./gh-run-view.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksLikeActionsLog } from './actions-log.js';

export const MARK = '([✓✔X×✗*\\-!])';

export const TITLE = new RegExp(`^${MARK}\\s+(.+?) · (\\d+)\\s*$`, 'u');

export const JOB = new RegExp(`^${MARK}\\s+(.+?)(?: in (\\S+))? \\(ID (\\d+)\\)\\s*$`, 'u');

export const ghRunViewClaims: ReducerClaims = {
  name: 'gh-run-view',
  family: 'gh',
  intent: 'verdict',
  claims: ['gh run view', 'gh run watch'],
  lane: 'external-runtime',
  detect(probe) {
    if (looksLikeActionsLog(probe.head)) return 0.9;
    const lines = probe.head.split('\n').slice(0, 12);
    if (lines.some((l) => TITLE.test(l)) && /^JOBS$/m.test(probe.head)) return 0.9;
    return /^(?:JOBS|ANNOTATIONS)$/m.test(probe.head) && lines.some((l) => JOB.test(l)) ? 0.7 : 0;
  },
};
