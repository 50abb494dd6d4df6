/** What detection reads of `cargo-deps`, loaded on every run; the body (./cargo-deps.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const CONTENT = /^error: failed to get `[^`]+` as a dependency of package|^error: no matching package named `|^\s+Updating crates\.io index$|^\s+Locking \d+ packages?|^\s+Downloaded \d+ crates?/m;

export const cargoDepsClaims: ReducerClaims = {
  name: 'cargo-deps',
  family: 'cargo',
  intent: 'verdict',
  claims: ['cargo fetch', 'cargo update', 'cargo add', 'cargo remove', 'cargo install', 'cargo generate-lockfile', 'cargo vendor'],
  lane: 'internal',
  detect(probe) {
    return CONTENT.test(probe.stderrHead) || CONTENT.test(probe.head) ? 0.6 : 0;
  },
};
