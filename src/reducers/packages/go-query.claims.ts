/** What detection reads of `go-query`, loaded on every run; the body (./go-query.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const goQueryClaims: ReducerClaims = {
  name: 'go-query',
  family: 'go',
  intent: 'answer',
  claims: ['go mod graph', 'go list', 'go mod why', 'go env', 'go version', 'go doc'],
  lane: 'internal',
  // The claims alone choose it: no content test.
  detect: () => 0,
};
