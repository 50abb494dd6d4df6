/** What detection reads of `records`, loaded on every run; the body (./records.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { recordScore } from './shape-detect.js';
import { yamlScore } from './source.claims.js';

export const recordsClaims: ReducerClaims = {
  name: 'records',
  family: 'text',
  // A YAML document nests its keys: it is a file to outline (source), not a run of flat records. The
  // YAML check (which source's detect runs too) only when the head reads as records at all.
  detect(probe) {
    const score = recordScore(probe.head);
    return score > 0 && yamlScore(probe.head) > 0 ? 0 : score;
  },
};
