/**
 * REDUCE_OFFLOAD_BYTES, read by the CLI entry (which sizes the young generation by it, young-generation.ts) and by
 * run-command.ts, which hands it to the session (session.ts, remote-run.ts). No imports: the CLI entry loads it at every start.
 */

/** Stored bytes past which a run's reducer moves to a worker thread (see remote-run.ts). */
export const OFFLOAD_AT = 4 * 1024 * 1024;

/**
 * REDUCE_OFFLOAD_BYTES: `off` keeps every reducer on the main thread; a number of bytes moves it past that size
 * whenever the machine has two cores. Unset, past OFFLOAD_AT when a core is free (remote-run.ts, hasSpareCore).
 */
export function offloadSetting(env: NodeJS.ProcessEnv): { offload?: { at: number; anyLoad: boolean } } {
  const value = env.REDUCE_OFFLOAD_BYTES?.trim();
  if (value === 'off') return {};
  const bytes = value ? Number(value) : NaN;
  return Number.isFinite(bytes) && bytes >= 0 ? { offload: { at: bytes, anyLoad: true } } : { offload: { at: OFFLOAD_AT, anyLoad: false } };
}
