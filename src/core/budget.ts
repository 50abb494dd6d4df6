import type { BudgetName, Config } from '../config.js';
import type { Status } from './types.js';

const PRESETS: Record<Exclude<BudgetName, 'auto' | 'full'>, number> = { concise: 512, normal: 4 * 1024, verbose: 16 * 1024 };

/**
 * The byte budget of the rendered packet. `auto` gives a success about 512 bytes and a failure
 * (non-zero exit or errors found) up to 8 KiB; nothing passes the 64 KiB ceiling.
 */
export function budgetFor(status: Status, name: BudgetName, maxBytes: number | undefined, config: Config): number {
  const ceiling = config.budgets.ceiling;
  if (maxBytes !== undefined) return Math.min(maxBytes, ceiling);
  if (name === 'full') return ceiling;
  if (name === 'auto') return Math.min(status === 'ok' ? config.budgets.success : config.budgets.failure, ceiling);
  return Math.min(PRESETS[name], ceiling);
}
