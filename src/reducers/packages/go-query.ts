/**
 * go's read commands: `go mod graph` (one `module dependency` pair per line), `go list` (with `-m all`,
 * `-json` documents), `go mod why`, `go env`, `go version`. The packet names the go family.
 * Docs: https://go.dev/ref/mod#go-mod-graph
 */
import { familyAnswerReducer } from '../generic/best-structure.js';

export const goQueryReducer = familyAnswerReducer({
  name: 'go-query',
  family: 'go',
  version: '1.0.0',
  intent: 'answer',
  claims: ['go mod graph', 'go list', 'go mod why', 'go env', 'go version', 'go doc'],
  lane: 'internal',
});
