/**
 * Rust builds (cargo build/check/clippy, rustc): multi-line diagnostics such as
 * `error[E0425]: cannot find value `x` in this scope` / `  --> src/main.rs:14:20` with their frames,
 * counted by code or lint, and the verdict `error: could not compile `app` (bin "app") due to …`.
 * Docs: https://doc.rust-lang.org/cargo/reference/build-cache.html , https://doc.rust-lang.org/rustc/json.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { scanProbe } from './diagnostics.js';

export const cargoBuildReducer: Reducer = {
  name: 'cargo-build',
  family: 'cargo',
  intent: 'verdict',
  version: '1.0.0',
  claims: ['cargo build', 'cargo b', 'cargo check', 'cargo c', 'cargo clippy', 'cargo rustc', 'cargo doc', 'cargo install', 'rustc'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.testRunner > 0) return 0.3;
    if (scan.rustHeaders > 0 && scan.rustLocations > 0) return 0.9;
    if (scan.cargoProgress > 0) return scan.rustHeaders > 0 ? 0.85 : 0.6;
    return 0;
  },
  start: (ctx) => new CompilerRun(ctx),
};
