import v8 from 'node:v8';

/** Both semi-spaces together: past this the young generation stops growing (V8's own ceiling is 32 MiB). */
export const YOUNG_GENERATION_CAP = 8 * 1024 * 1024;
const CHECK_MS = 10;

export interface HeapControls {
  youngGenerationBytes(): number;
  stopGrowth(): void;
}

const v8Controls: HeapControls = {
  youngGenerationBytes: () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  // Read by V8 each time the young generation grows; 1 keeps it at its current size from then on.
  stopGrowth: () => v8.setFlagsFromString('--semi-space-growth-factor=1'),
};

/**
 * Keeps the young generation of a long capture at YOUNG_GENERATION_CAP. Millions of short-lived line
 * strings make V8 double its semi-spaces up to 16 MiB each, 32 MiB resident that a 1 GiB log never
 * needs (peak RSS 107 MiB; 84 MiB with the young generation at 8 MiB, same CPU time). Node takes
 * `--max-semi-space-size` only on its own command line, which an installed bin cannot set; the growth
 * factor is read at every growth, so setting it to 1 once the cap is reached stops there. For the CLI
 * entry only: a library caller's heap is its own, and a changed flag makes V8 reject a code cache made
 * afterwards (the build makes one). Returns the function that stops watching.
 */
export function capYoungGeneration(controls: HeapControls = v8Controls): () => void {
  let timer: NodeJS.Timeout | undefined;
  const check = (): boolean => {
    if (controls.youngGenerationBytes() < YOUNG_GENERATION_CAP) return false;
    controls.stopGrowth();
    return true;
  };
  (globalThis as Record<symbol, unknown>)[WATCHING] = controls;
  if (!check()) {
    timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, CHECK_MS);
    timer.unref();
  }
  return () => clearInterval(timer);
}

/**
 * Where the CLI's cap keeps its controls (a library caller's heap is its own): on the global object, since the CLI
 * entry (cli.cjs) and the run (hot.cjs) are two bundles, each with its own copy of this module.
 */
const WATCHING = Symbol.for('reduce.youngGenerationCap');

/**
 * A worker thread's start sets V8's flags again, on its own thread, the growth factor back to its default: the
 * young generation of a run whose reducer moved to a worker (remote-run.ts) then grew to 32 MiB (peak RSS 148 MiB
 * for 256 MiB of log). Called once the worker has started, this stops the growth again (at the size reached so
 * far, at most the cap); outside the CLI, whose heap is a library caller's own, it does nothing.
 */
export function keepYoungGenerationCap(): void {
  ((globalThis as Record<symbol, unknown>)[WATCHING] as HeapControls | undefined)?.stopGrowth();
}
