import fs from 'node:fs';
import path from 'node:path';
import { parseDuration, parseSize } from './core/duration.js';
import type { Intent, TrustLane } from './core/types.js';
import type { RawConfig } from './config-file.js';

/**
 * Configuration, found by cosmiconfig under the module name `reducer` (`.reducerrc`,
 * `.reducerrc.json`, `.reducerrc.yaml`, `reducer.config.js`, `package.json#reducer`), from the
 * working directory up to the project root, or named by --config or REDUCE_CONFIG.
 * `.reducerrc.example` documents every key. cosmiconfig and the schema (config-file.ts) load only
 * when a file may be there: most runs have none, and loading them is most of a start-up.
 */

export const BUDGET_NAMES = ['auto', 'concise', 'normal', 'verbose', 'full'] as const;
export type BudgetName = (typeof BUDGET_NAMES)[number];
export type { RawConfig };

export interface UserFamily {
  name: string;
  argv?: RegExp;
  content?: RegExp;
  reducer: 'text' | 'json' | 'diff';
  errorPatterns: RegExp[];
  trustLane?: TrustLane;
  intent?: Intent;
}

export interface Config {
  /** The file it came from, or null for the defaults. */
  file: string | null;
  /** Config files that were found but could not be used (each a line for stderr); the defaults stood in. */
  warnings: string[];
  outputs?: string;
  retention: string;
  retentionMs: number;
  maxOutputsBytes: number | null;
  budget: BudgetName;
  maxBytes?: number;
  budgets: { success: number; failure: number; answer: number; ceiling: number };
  errorPatterns: RegExp[];
  trustLanes: Record<string, TrustLane>;
  /** Intent by family or reducer name, ahead of the family's own and the verb table. */
  intents: Record<string, Intent>;
  families: UserFamily[];
  redact: 'packets' | 'artifacts' | 'off';
  timeoutMs: number | null;
  /** `shims.always`: shims route through reduce for every caller whose stdout is not a pipe, not only an agent's. */
  shimsAlways: boolean;
}

export const DEFAULT_BUDGETS = { success: 512, failure: 8 * 1024, answer: 8 * 1024, ceiling: 64 * 1024 };

export function defaultConfig(): Config {
  return resolveConfig({}, null);
}

/**
 * Loads the config for `cwd`. The file named by `explicitFile` (or else by REDUCE_CONFIG) must
 * load: a ConfigError (exit 2) naming file and key otherwise; no search is made. A file found by
 * searching that cannot be used is a warning, and the defaults stand in.
 */
export async function loadConfig(cwd: string, explicitFile?: string): Promise<Config> {
  const named = explicitFile || process.env.REDUCE_CONFIG;
  if (named) return (await import('./config-file.js')).loadNamedConfig(named);
  if (!configMayExist(cwd)) return defaultConfig();
  return (await import('./config-file.js')).searchConfig(cwd);
}

/** Where cosmiconfig 9 looks for the module name `reducer` in each folder (its getDefaultSearchPlaces; a test keeps them equal). */
export const SEARCH_PLACES = [
  'package.json',
  ...['', '.json', '.yaml', '.yml', '.js', '.ts', '.cjs', '.mjs'].map((ext) => `.reducerrc${ext}`),
  ...['', '.json', '.yaml', '.yml', '.js', '.ts', '.cjs', '.mjs'].map((ext) => `.config/reducerrc${ext}`),
  ...['.js', '.ts', '.cjs', '.mjs'].map((ext) => `reducer.config${ext}`),
];
/** Where cosmiconfig looks, in the working folder, for settings of its own that can add search places (its metaSearchPlaces). */
export const META_PLACES = ['package.json', 'package.yaml', ...['.json', '.yaml', '.yml', '.js', '.ts', '.cjs', '.mjs'].map((ext) => `.config/config${ext}`)];

/**
 * Whether cosmiconfig's search (strategy `project`: from `cwd` up to the first folder with a
 * package.json or package.yaml) could find anything. False only when it surely finds nothing: no
 * file at any of its places, no package.json with a `reducer` key, and no settings of cosmiconfig's
 * own; anything else (a package.json that does not parse, say) goes to cosmiconfig itself.
 */
export function configMayExist(cwd: string): boolean {
  const here = process.cwd();
  for (const place of META_PLACES) {
    if (place === 'package.json' ? packageHasKey(path.join(here, place), 'cosmiconfig') : fs.existsSync(path.join(here, place))) return true;
  }
  for (let dir = path.resolve(cwd); ; ) {
    for (const place of SEARCH_PLACES) {
      if (place === 'package.json' ? packageHasKey(path.join(dir, place), 'reducer') : fs.existsSync(path.join(dir, place))) return true;
    }
    if (fs.existsSync(path.join(dir, 'package.json')) || fs.existsSync(path.join(dir, 'package.yaml'))) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

/** Whether a package.json has `key`, or is there but not a plain JSON object (then cosmiconfig decides). */
function packageHasKey(file: string, key: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  try {
    const json = JSON.parse(text) as unknown;
    return typeof json !== 'object' || json === null || Array.isArray(json) || (json as Record<string, unknown>)[key] !== undefined;
  } catch {
    return true;
  }
}

export function resolveConfig(raw: RawConfig, file: string | null): Config {
  const retention = raw.retention ?? '7d';
  const maxSize = raw.maxOutputsSize === undefined ? null : typeof raw.maxOutputsSize === 'number' ? raw.maxOutputsSize : parseSize(raw.maxOutputsSize);
  return {
    file,
    warnings: [],
    outputs: raw.outputs,
    retention,
    retentionMs: parseDuration(retention)!,
    maxOutputsBytes: maxSize,
    budget: raw.budget ?? 'auto',
    maxBytes: raw.maxBytes,
    budgets: { ...DEFAULT_BUDGETS, ...raw.budgets },
    errorPatterns: (raw.errorPatterns ?? []).map((s) => new RegExp(s)),
    trustLanes: raw.trustLanes ?? {},
    intents: raw.intents ?? {},
    families: (raw.families ?? []).map((f) => ({
      name: f.name,
      argv: f.argv === undefined ? undefined : new RegExp(f.argv),
      content: f.content === undefined ? undefined : new RegExp(f.content, 'm'),
      reducer: f.reducer ?? 'text',
      errorPatterns: (f.errorPatterns ?? []).map((s) => new RegExp(s)),
      trustLane: f.trustLane,
      intent: f.intent,
    })),
    redact: raw.redact ?? 'packets',
    shimsAlways: raw.shims?.always ?? false,
    timeoutMs: raw.timeout ? parseDuration(raw.timeout) : null,
  };
}

