import { cosmiconfig } from 'cosmiconfig';
import { z } from 'zod';
import { parseDuration, parseSize } from './core/duration.js';
import type { Intent, TrustLane } from './core/types.js';
import { ConfigError, errorMessage } from './errors.js';

/**
 * Configuration, found by cosmiconfig under the module name `reducer` (`.reducerrc`,
 * `.reducerrc.json`, `.reducerrc.yaml`, `reducer.config.js`, `package.json#reducer`), from the
 * working directory up to the project root. `.reducerrc.example` documents every key.
 */

export const BUDGET_NAMES = ['auto', 'concise', 'normal', 'verbose', 'full'] as const;
export type BudgetName = (typeof BUDGET_NAMES)[number];
const LANES = ['internal', 'external-runtime', 'external-untrusted'] as const;
const GENERIC = ['text', 'json', 'diff'] as const;
const INTENT = z.enum(['answer', 'verdict']);

const regexSource = z.string().refine((s) => compiles(s), { message: 'is not a valid regular expression' });
const duration = z.string().refine((s) => parseDuration(s) !== null, { message: "is not a duration like '7d', '12h' or '30m'" });
const size = z.union([z.number().int().positive(), z.string().refine((s) => parseSize(s) !== null, { message: "is not a size like '500MB' or '2GiB'" })]);
const bytes = z.number().int().min(64).max(64 * 1024 * 1024);

const schema = z
  .object({
    outputs: z.string().min(1).optional(),
    retention: duration.optional(),
    maxOutputsSize: size.optional(),
    budget: z.enum(BUDGET_NAMES).optional(),
    maxBytes: bytes.optional(),
    budgets: z.object({ success: bytes.optional(), failure: bytes.optional(), answer: bytes.optional(), ceiling: bytes.optional() }).strict().optional(),
    errorPatterns: z.array(regexSource).optional(),
    trustLanes: z.record(z.string(), z.enum(LANES)).optional(),
    intents: z.record(z.string(), INTENT).optional(),
    families: z
      .array(
        z
          .object({
            name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
            argv: regexSource.optional(),
            content: regexSource.optional(),
            reducer: z.enum(GENERIC).optional(),
            errorPatterns: z.array(regexSource).optional(),
            trustLane: z.enum(LANES).optional(),
            intent: INTENT.optional(),
          })
          .strict()
          .refine((f) => f.argv !== undefined || f.content !== undefined, { message: 'needs an argv or a content pattern' }),
      )
      .optional(),
    redact: z.enum(['packets', 'artifacts', 'off']).optional(),
    timeout: duration.optional(),
  })
  .strict();

export type RawConfig = z.infer<typeof schema>;

export interface UserFamily {
  name: string;
  argv?: RegExp;
  content?: RegExp;
  reducer: (typeof GENERIC)[number];
  errorPatterns: RegExp[];
  trustLane?: TrustLane;
  intent?: Intent;
}

export interface Config {
  /** The file it came from, or null for the defaults. */
  file: string | null;
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
}

export const DEFAULT_BUDGETS = { success: 512, failure: 8 * 1024, answer: 8 * 1024, ceiling: 64 * 1024 };

export function defaultConfig(): Config {
  return resolve({}, null);
}

/** Loads the config for `cwd` (or the explicit file); a bad file is a ConfigError naming file and key. */
export async function loadConfig(cwd: string, explicitFile?: string): Promise<Config> {
  const explorer = cosmiconfig('reducer', { searchStrategy: 'project' });
  let result: Awaited<ReturnType<typeof explorer.search>>;
  try {
    result = explicitFile ? await explorer.load(explicitFile) : await explorer.search(cwd);
  } catch (err) {
    const where = explicitFile ?? 'config file';
    throw new ConfigError(`bad config ${where}: ${firstLine(errorMessage(err))}`);
  }
  if (!result || result.isEmpty) return resolve({}, result?.filepath ?? null);
  const parsed = schema.safeParse(result.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.') || '(top level)';
    throw new ConfigError(`bad config ${result.filepath}: key '${key}' ${issue.message}`);
  }
  return resolve(parsed.data, result.filepath);
}

function resolve(raw: RawConfig, file: string | null): Config {
  const retention = raw.retention ?? '7d';
  const maxSize = raw.maxOutputsSize === undefined ? null : typeof raw.maxOutputsSize === 'number' ? raw.maxOutputsSize : parseSize(raw.maxOutputsSize);
  return {
    file,
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
    timeoutMs: raw.timeout ? parseDuration(raw.timeout) : null,
  };
}

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '')?.trim() ?? text;
}
