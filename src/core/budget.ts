import type { BudgetName, Config } from '../config.js';
import type { Status } from './types.js';

const PRESETS: Record<Exclude<BudgetName, 'auto' | 'full'>, number> = { concise: 512, normal: 4 * 1024, verbose: 16 * 1024 };

/**
 * The byte budget of the rendered packet. `auto` gives a success about 512 bytes and a failure
 * (non-zero exit or errors found) up to 8 KiB; nothing passes the 64 KiB ceiling. A success whose
 * output is the data the caller asked for gets room for that answer (`answerBytes`) on top of the
 * success budget under `auto`, up to `budgets.answer` (2 KiB by default).
 */
export function budgetFor(status: Status, name: BudgetName, maxBytes: number | undefined, config: Config, answerBytes = 0): number {
  const ceiling = config.budgets.ceiling;
  if (maxBytes !== undefined) return Math.min(maxBytes, ceiling);
  if (name === 'full') return ceiling;
  if (name === 'auto') {
    const { success, failure, answer } = config.budgets;
    if (status !== 'ok') return Math.min(failure, ceiling);
    // With no answer this is the success budget; an answer adds its bytes, never past its cap.
    return Math.min(Math.max(success, Math.min(success + answerBytes, answer, failure)), ceiling);
  }
  return Math.min(PRESETS[name], ceiling);
}
