/**
 * Go builds and static checks (go build, go vet, go install, golangci-lint, staticcheck): `./main.go:12:5: undefined: x`
 * under `# example.com/app` package headers, grouped by file.
 * Docs: https://pkg.go.dev/cmd/go#hdr-Compile_packages_and_dependencies , https://pkg.go.dev/cmd/vet
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { scanProbe } from './diagnostics.js';

export const goBuildReducer: Reducer = {
  name: 'go-build',
  family: 'go',
  intent: 'verdict',
  version: '1.0.0',
  claims: ['go build', 'go vet', 'go install', 'golangci-lint', 'staticcheck'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.go === 0 || scan.testRunner > 0) return 0;
    return /^# \S+/m.test(`${probe.head}\n${probe.stderrHead}`) ? 0.9 : 0.75;
  },
  start: (ctx) => new CompilerRun(ctx),
};
