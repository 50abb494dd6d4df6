import { createRequire } from 'node:module';

/** Both semi-spaces together: past this the young generation stops growing (V8's own ceiling is 32 MiB). */
export const YOUNG_GENERATION_CAP = 8 * 1024 * 1024;
const CHECK_MS = 10;

export interface HeapControls {
  youngGenerationBytes(): number;
  stopGrowth(): void;
}

// node:v8 loads with the first check, not with the CLI entry: `reduce inspect` never needs it.
let v8: typeof import('node:v8') | undefined;
const nodeV8 = (): typeof import('node:v8') => (v8 ??= createRequire(import.meta.url)('node:v8') as typeof import('node:v8'));
const v8Controls: HeapControls = {
  youngGenerationBytes: () => nodeV8().getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  // Read by V8 each time the young generation grows; 1 keeps it at its current size from then on.
  stopGrowth: () => nodeV8().setFlagsFromString('--semi-space-growth-factor=1'),
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
  if (!check()) {
    timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, CHECK_MS);
    timer.unref();
  }
  return () => clearInterval(timer);
}
