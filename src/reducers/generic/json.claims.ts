/** What detection reads of `json`, loaded on every run; the body (./json.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { opensJsonDocument } from '../../core/json-start.js';

export const jsonClaims: ReducerClaims = {
  name: 'json',
  family: 'json',
  detect: (probe) => (opensJsonDocument(probe.head.trimStart()) ? 0.3 : 0),
};
