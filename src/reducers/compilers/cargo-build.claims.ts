/** What detection reads of `cargo-build`, loaded on every run; the body (./cargo-build.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { scanProbe } from './diagnostics.js';

export const cargoBuildClaims: ReducerClaims = {
  name: 'cargo-build',
  family: 'cargo',
  intent: 'verdict',
  claims: ['cargo build', 'cargo b', 'cargo check', 'cargo c', 'cargo clippy', 'cargo rustc', 'cargo doc', 'cargo install', 'rustc'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.testRunner > 0) return 0.3;
    if (scan.rustHeaders > 0 && scan.rustLocations > 0) return 0.9;
    if (scan.cargoProgress > 0) return scan.rustHeaders > 0 ? 0.85 : 0.6;
    return 0;
  },
};
