/** What detection reads of `text`, loaded on every run; the body (./text.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const textClaims: ReducerClaims = {
  name: 'text',
  family: 'text',
  detect: () => 0.1,
};
