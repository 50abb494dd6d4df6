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
    if (status !== 'ok') return Math.min(config.budgets.failure, ceiling);
    const withAnswer = answerBytes > 0 ? Math.max(config.budgets.success, Math.min(config.budgets.success + answerBytes, config.budgets.answer, config.budgets.failure)) : config.budgets.success;
    return Math.min(withAnswer, ceiling);
  }
  return Math.min(PRESETS[name], ceiling);
}
