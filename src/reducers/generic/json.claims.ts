/** What detection reads of `json`, loaded on every run; the body (./json.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const jsonClaims: ReducerClaims = {
  name: 'json',
  family: 'json',
  detect: (probe) => (/^\s*[[{]/.test(probe.head) ? 0.3 : 0),
};
