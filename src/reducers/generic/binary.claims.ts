/** What detection reads of `binary`, loaded on every run; the body (./binary.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const binaryClaims: ReducerClaims = {
  name: 'binary',
  family: 'binary',
  detect: () => 0,
};
