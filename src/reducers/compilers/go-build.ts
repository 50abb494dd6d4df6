/**
 * Go builds and static checks (go build, go vet, go install, golangci-lint, staticcheck): `./main.go:12:5: undefined: x`
 * under `# example.com/app` package headers, grouped by file.
 * Docs: https://pkg.go.dev/cmd/go#hdr-Compile_packages_and_dependencies , https://pkg.go.dev/cmd/vet
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { goBuildClaims } from './go-build.claims.js';

export const goBuildReducer: Reducer = {
  ...goBuildClaims,
  version: '1.1.1',
  start: (ctx) => new CompilerRun(ctx),
};
