/** Prune options: the public shape, its defaults, and validation with one-line errors (exit 2). */
import { badOption } from './errors.js';
import type { TrimOptions } from './strategies/trim.js';
import { MASK_RULES, type MaskOptions, type MaskRule } from './strategies/mask.js';

/** The strategies, applied in the order given. */
export type StrategyName = 'tool_pruning' | 'trim' | 'sliding_window' | 'mask';

export const STRATEGY_NAMES: readonly StrategyName[] = ['tool_pruning', 'trim', 'sliding_window', 'mask'];

/** Trim defaults, as documented. */
export const TRIM_DEFAULTS: TrimOptions = { recentTurns: 2, maxOutputChars: 500, previewChars: 200 };

/** Mask defaults, as documented (`docs/history.md`). */
export const MASK_DEFAULTS: MaskOptions = {
  keep: 5,
  every: 10,
  trigger: 100_000,
  protect: ['todo', 'task', 'plan', 'skill', 'submit', 'finish'],
  rules: MASK_RULES,
  supersedeByEdits: false,
};

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
  /** `mask`: most recent tool results kept raw (>= 1, default 5). */
  readonly maskKeep?: number;
  /** `mask`: the boundary moves by this many results (>= 1, default 10). */
  readonly maskEvery?: number;
  /** `mask`: only mask above this many input tokens (default 100,000; 0 = always). */
  readonly maskTrigger?: number;
  /** `mask`: tool names, or words of tool names, never masked (default todo, task, plan, skill, submit, finish). */
  readonly maskProtect?: readonly string[];
  /** `mask`: redundancy rules run at mask moves (default dedupe, supersede, errors; [] for none). */
  readonly maskRules?: readonly MaskRule[];
  /** `mask`: a later edit of a file supersedes earlier reads of it too (default false). */
  readonly supersedeByEdits?: boolean;
}

/** Validated options. */
export interface PrunePlan {
  readonly strategies: readonly StrategyName[];
  readonly keepTurns: number;
  readonly trim: TrimOptions;
  readonly mask: MaskOptions;
}

function integer(value: number | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw badOption(`${name} must be an integer >= ${min}, got ${String(value)}`);
  return value;
}

/** Parses a comma-separated list of mask rules; `none` is the empty list. */
export function parseMaskRules(text: string): MaskRule[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 1 && names[0] === 'none') return [];
  if (names.length === 0) throw badOption(`--mask-rules needs some of: ${MASK_RULES.join(', ')}, or none`);
  return names.map((name) => {
    const rule = MASK_RULES.find((r) => r === name);
    if (!rule) throw badOption(`unknown mask rule "${name}" (expected: ${MASK_RULES.join(', ')}, or none)`);
    return rule;
  });
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
  const protect = options.maskProtect;
  if (protect !== undefined && protect.some((t) => typeof t !== 'string' || t.trim() === '')) throw badOption('maskProtect must list tool names');
  const rules = options.maskRules;
  for (const rule of rules ?? []) if (!MASK_RULES.includes(rule)) throw badOption(`unknown mask rule "${String(rule)}" (expected: ${MASK_RULES.join(', ')}, or none)`);
  const mask: MaskOptions = {
    keep: integer(options.maskKeep, 'maskKeep', 1, MASK_DEFAULTS.keep),
    every: integer(options.maskEvery, 'maskEvery', 1, MASK_DEFAULTS.every),
    trigger: integer(options.maskTrigger, 'maskTrigger', 0, MASK_DEFAULTS.trigger),
    protect: protect ? [...protect] : MASK_DEFAULTS.protect,
    rules: rules ? [...new Set(rules)] : MASK_DEFAULTS.rules,
    supersedeByEdits: options.supersedeByEdits ?? MASK_DEFAULTS.supersedeByEdits,
  };
  return { strategies: [...strategies], keepTurns, trim, mask };
}
