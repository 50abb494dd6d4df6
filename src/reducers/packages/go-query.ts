/**
 * go's read commands: `go mod graph` (one `module dependency` pair per line), `go list` (with `-m all`,
 * `-json` documents), `go mod why`, `go env`, `go version`. The packet names the go family.
 * Docs: https://go.dev/ref/mod#go-mod-graph
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { goQueryClaims } from './go-query.claims.js';

export const goQueryReducer = familyAnswerReducer({
  ...goQueryClaims,
  version: '1.0.0',
});
