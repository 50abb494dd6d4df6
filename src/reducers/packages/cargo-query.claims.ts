/** What detection reads of `cargo-query`, loaded on every run; the body (./cargo-query.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const cargoQueryClaims: ReducerClaims = {
  name: 'cargo-query',
  family: 'cargo',
  intent: 'answer',
  claims: ['cargo tree', 'cargo metadata', 'cargo search', 'cargo pkgid', 'cargo info', 'cargo read-manifest', 'cargo locate-project'],
  lane: 'internal',
  // The claims alone choose it: no content test.
  detect: () => 0,
};
