import type { BudgetName, Config } from '../config.js';
import type { Intent, Status } from './types.js';

const PRESETS: Record<Exclude<BudgetName, 'auto' | 'full'>, number> = { concise: 512, normal: 4 * 1024, verbose: 16 * 1024 };
/** A successful verdict that carries data (a JSON document's shape) or warnings grows up to this size at most. */
export const VERDICT_DATA_CAP = 2 * 1024;

/**
 * The byte budget of the rendered packet. Under `auto` an answer (output the caller asked to read)
 * gets `budgets.answer` (8 KiB): shown whole when it fits, else an index of the whole. A verdict
 * gets about 512 bytes on success and up to 8 KiB on failure (non-zero exit or errors found); a
 * successful verdict that is data (`answerBytes`, a JSON document's shape) or that has warnings to
 * show (`warningBytes`, the distinct warning templates cited with the outcome) may grow by that much,
 * up to 2 KiB and never past `budgets.answer`: measured on the eval corpus, a success packet that
 * kept its outcome and dropped the warning that explains the next failure cost more than the bytes. `--max-bytes` and named budgets win; nothing
 * passes the 64 KiB ceiling.
 */
export function budgetFor(status: Status, name: BudgetName, maxBytes: number | undefined, config: Config, answerBytes = 0, intent: Intent = 'verdict'): number {
  const ceiling = config.budgets.ceiling;
  if (maxBytes !== undefined) return Math.min(maxBytes, ceiling);
  if (name === 'full') return ceiling;
  if (name === 'auto') {
    const { success, failure, answer } = config.budgets;
    if (intent === 'answer') return Math.min(status === 'ok' ? answer : Math.max(answer, failure), ceiling);
    if (status !== 'ok') return Math.min(failure, ceiling);
    // With no data this is the success budget; data adds its bytes, never past its cap.
    return Math.min(Math.max(success, Math.min(success + answerBytes, answer, VERDICT_DATA_CAP, failure)), ceiling);
  }
  return Math.min(PRESETS[name], ceiling);
}
