/** Prune options: the public shape, its defaults, and validation with one-line errors (exit 2). */
import { badOption } from './errors.js';
import type { TrimOptions } from './strategies/trim.js';

/** The strategies, applied in the order given. */
export type StrategyName = 'tool_pruning' | 'trim' | 'sliding_window';

export const STRATEGY_NAMES: readonly StrategyName[] = ['tool_pruning', 'trim', 'sliding_window'];

/** Trim defaults, as documented. */
export const TRIM_DEFAULTS: TrimOptions = { recentTurns: 2, maxOutputChars: 500, previewChars: 200 };

/** Options shared by `pruneHistory`, the trimmer, and the CLI. */
export interface StrategyOptions {
  /** Strategies in the order to apply them. Default `['tool_pruning']`. */
  readonly strategies?: readonly StrategyName[];
  /** `sliding_window`: how many most recent turns to keep (>= 1). Required with that strategy. */
  readonly keepTurns?: number;
  /** `trim`: turns at the end never trimmed (>= 1, default 2). */
  readonly recentTurns?: number;
  /** `trim`: outputs longer than this are trimmed (default 500). */
  readonly maxOutputChars?: number;
  /** `trim`: characters kept as a preview (default 200, at most `maxOutputChars`). */
  readonly previewChars?: number;
  /** `trim`: only outputs of these tools are trimmed (default: all tools). */
  readonly trimmableTools?: readonly string[];
}

/** Validated options. */
export interface PrunePlan {
  readonly strategies: readonly StrategyName[];
  readonly keepTurns: number;
  readonly trim: TrimOptions;
}

function integer(value: number | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw badOption(`${name} must be an integer >= ${min}, got ${String(value)}`);
  return value;
}

/** Parses a comma-separated strategy list (`tool_pruning,trim`). */
export function parseStrategies(text: string): StrategyName[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 0) throw badOption('--strategy needs at least one of: ' + STRATEGY_NAMES.join(', '));
  return names.map((name) => {
    const strategy = STRATEGY_NAMES.find((s) => s === name);
    if (!strategy) throw badOption(`unknown strategy "${name}" (expected one of: ${STRATEGY_NAMES.join(', ')})`);
    return strategy;
  });
}

/** Validates options and fills in defaults; throws a `HistoryError` (exit 2) on the first bad one. */
export function resolvePruneOptions(options: StrategyOptions = {}): PrunePlan {
  const strategies = options.strategies ?? ['tool_pruning'];
  if (strategies.length === 0) throw badOption('at least one strategy is needed');
  for (const name of strategies) {
    if (!STRATEGY_NAMES.includes(name)) throw badOption(`unknown strategy "${String(name)}" (expected one of: ${STRATEGY_NAMES.join(', ')})`);
  }
  if (new Set(strategies).size !== strategies.length) throw badOption(`strategy listed twice: ${strategies.join(',')}`);
  const windowed = strategies.includes('sliding_window');
  if (windowed && options.keepTurns === undefined) throw badOption('sliding_window needs keepTurns (--keep-turns N)');
  const keepTurns = integer(options.keepTurns, 'keepTurns', 1, Number.MAX_SAFE_INTEGER);
  const maxOutputChars = integer(options.maxOutputChars, 'maxOutputChars', 1, TRIM_DEFAULTS.maxOutputChars);
  const previewChars = integer(options.previewChars, 'previewChars', 0, Math.min(TRIM_DEFAULTS.previewChars, maxOutputChars));
  if (previewChars > maxOutputChars) throw badOption(`previewChars (${previewChars}) must not exceed maxOutputChars (${maxOutputChars})`);
  const tools = options.trimmableTools;
  if (tools !== undefined && (tools.length === 0 || tools.some((t) => typeof t !== 'string' || t.trim() === ''))) {
    throw badOption('trimmableTools must be a non-empty list of tool names');
  }
  const trim: TrimOptions = {
    recentTurns: integer(options.recentTurns, 'recentTurns', 1, TRIM_DEFAULTS.recentTurns),
    maxOutputChars,
    previewChars,
    ...(tools ? { trimmableTools: [...tools] } : {}),
  };
  return { strategies: [...strategies], keepTurns, trim };
}
