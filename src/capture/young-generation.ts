import { createRequire } from 'node:module';

/** Both semi-spaces together: past this the young generation stops growing (V8's own ceiling is 32 MiB). */
export const YOUNG_GENERATION_CAP = 8 * 1024 * 1024;
/**
 * The cap until the run knows where its reducer runs: a main thread that only reads, stores and scans (its reducer
 * moved to a worker, remote-run.ts) needs no more, and the two threads' heaps must fit where one did.
 */
export const FIRST_YOUNG_GENERATION_CAP = 4 * 1024 * 1024;
const CHECK_MS = 10;
/**
 * Output read, with the chunk about to be read, before the watch begins: the young generation grows only under a large
 * output's allocations, and a run that prints less never loads node:v8 (7-15 M instructions, 3-6% of `reduce -- true`).
 * The watch begins before that chunk is read: reading it (the reducer chosen and loaded, the scanner's tables built)
 * doubled the young generation past the first cap before a check after it could stop the growth.
 */
export const WATCH_AFTER_BYTES = 64 * 1024;

export interface HeapControls {
  youngGenerationBytes(): number;
  stopGrowth(): void;
  resumeGrowth(): void;
}

// node:v8 loads with the first check, not with the CLI entry: `reduce inspect` never needs it.
let v8: typeof import('node:v8') | undefined;
const nodeV8 = (): typeof import('node:v8') => (v8 ??= createRequire(import.meta.url)('node:v8') as typeof import('node:v8'));
const v8Controls: HeapControls = {
  youngGenerationBytes: () => nodeV8().getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  // Read by V8 each time the young generation grows; 1 keeps it at its current size from then on.
  stopGrowth: () => nodeV8().setFlagsFromString('--semi-space-growth-factor=1'),
  resumeGrowth: () => nodeV8().setFlagsFromString('--semi-space-growth-factor=2'),
};

/** The CLI's cap, on the global object: the CLI entry (cli.cjs) and the run (hot.cjs) are two bundles, each with its own copy of this module. */
interface CapState {
  controls: HeapControls;
  cap: number;
  timer: NodeJS.Timeout | undefined;
  /** watchYoungGeneration() was called (or the cap was stopped): it starts the watch once only. */
  started: boolean;
}
const STATE = Symbol.for('reduce.youngGenerationCap');
const state = (): CapState | undefined => (globalThis as Record<symbol, unknown>)[STATE] as CapState | undefined;

/**
 * Keeps the young generation of a long capture at a cap. Millions of short-lived line strings make V8 double
 * its semi-spaces up to 16 MiB each, 32 MiB resident that a 1 GiB log never needs (peak RSS 107 MiB; 84 MiB with
 * the young generation at 8 MiB, same CPU time). Node takes `--max-semi-space-size` only on its own command line,
 * which an installed bin cannot set; the growth factor is read at every growth, so setting it to 1 once the cap
 * is reached stops there. The cap is FIRST_YOUNG_GENERATION_CAP until the run's reducer stays on the main thread
 * (raiseYoungGenerationCap), YOUNG_GENERATION_CAP from then on. The watch begins once the run has read
 * WATCH_AFTER_BYTES (watchYoungGeneration, called by the session). For the CLI entry only: a library caller's heap is
 * its own, and a changed flag makes V8 reject a code cache made afterwards (the build makes one). Returns the
 * function that stops watching.
 */
export function capYoungGeneration(controls: HeapControls = v8Controls, cap = FIRST_YOUNG_GENERATION_CAP): () => void {
  const current: CapState = { controls, cap, timer: undefined, started: false };
  (globalThis as Record<symbol, unknown>)[STATE] = current;
  return () => {
    current.started = true;
    clearInterval(current.timer);
  };
}

/** The run has read WATCH_AFTER_BYTES of output: the cap is watched from now on. Outside the CLI, or again, it does nothing. */
export function watchYoungGeneration(): void {
  const current = state();
  if (!current || current.started) return;
  current.started = true;
  watch(current);
}

function watch(current: CapState): void {
  const check = (): boolean => {
    if (current.controls.youngGenerationBytes() < current.cap) return false;
    current.controls.stopGrowth();
    return true;
  };
  clearInterval(current.timer);
  current.timer = undefined;
  if (check()) return;
  current.timer = setInterval(() => {
    if (check()) clearInterval(current.timer);
  }, CHECK_MS);
  current.timer.unref();
}

/** The run's reducer stays on the main thread: its young generation may grow to YOUNG_GENERATION_CAP. Outside the CLI it does nothing. */
export function raiseYoungGenerationCap(): void {
  const current = state();
  if (!current || current.cap >= YOUNG_GENERATION_CAP) return;
  current.started = true;
  current.cap = YOUNG_GENERATION_CAP;
  current.controls.resumeGrowth();
  watch(current);
}

/**
 * A worker thread's start sets V8's flags again, on its own thread, the growth factor back to its default: the
 * young generation of a run whose reducer moved to a worker (remote-run.ts) then grew to 32 MiB (peak RSS 148 MiB
 * for 256 MiB of log). Called once the worker has started, this stops the growth again (at the size reached so
 * far, at most the cap); outside the CLI, whose heap is a library caller's own, it does nothing.
 */
export function keepYoungGenerationCap(): void {
  const current = state();
  if (!current) return;
  current.started = true;
  if (current.controls.youngGenerationBytes() >= current.cap) current.controls.stopGrowth();
  else watch(current);
}
