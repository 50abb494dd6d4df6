/**
 * Rust builds (cargo build/check/clippy, rustc): multi-line diagnostics such as
 * `error[E0425]: cannot find value `x` in this scope` / `  --> src/main.rs:14:20` with their frames,
 * counted by code or lint, and the verdict `error: could not compile `app` (bin "app") due to …`.
 * Docs: https://doc.rust-lang.org/cargo/reference/build-cache.html , https://doc.rust-lang.org/rustc/json.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { cargoBuildClaims } from './cargo-build.claims.js';

export const cargoBuildReducer: Reducer = {
  ...cargoBuildClaims,
  version: '1.1.2',
  start: (ctx) => new CompilerRun(ctx),
};
