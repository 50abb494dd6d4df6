/**
 * A before-model-call filter: create it once with the options and a store, then pass the
 * full history through `prune` right before every model call. Options are checked once; the
 * same old output is stored once however many calls see it.
 */
import type { PruneOptions, PruneReport } from './prune.js';
import { parseHistory, pruneParsed, storeResolver } from './prune.js';
import { resolvePruneOptions } from './options.js';
import { memoizeStore } from './store.js';

export interface HistoryTrimmer {
  /** Returns the pruned copy of `messages`, in the same shape; `messages` is left as it was. */
  prune<T>(messages: T): T;
  /** What the last `prune` did, or undefined before the first. */
  readonly lastReport: PruneReport | undefined;
}

/** Creates a trimmer; throws a `HistoryError` (exit 2) now if the options are bad. */
export function createHistoryTrimmer(options: PruneOptions = {}): HistoryTrimmer {
  const plan = resolvePruneOptions(options);
  const resolve = storeResolver(plan, options.store ? memoizeStore(options.store) : undefined);
  let lastReport: PruneReport | undefined;
  return {
    prune<T>(messages: T): T {
      const { output, report } = pruneParsed(parseHistory(messages, options.format), plan, resolve);
      lastReport = report;
      return structuredClone(output) as T;
    },
    get lastReport() {
      return lastReport;
    },
  };
}
