/** What detection reads of `ci-log`, loaded on every run; the body (./ci-log.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { countTimestamped } from './classify.js';

export const ciLogClaims: ReducerClaims = {
  name: 'ci-log',
  family: 'log',
  intent: 'verdict',
  lane: 'internal',
  detect(probe) {
    const { lines, stamped: count } = countTimestamped(probe.head);
    if (lines < 3) return 0;
    const stamped = count / lines;
    const markers = /##\[(?:group|endgroup|error|warning)\]/.test(probe.head);
    return stamped > 0.8 ? (markers ? 0.85 : 0.6) : 0;
  },
};
