import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cosmiconfig, defaultLoaders, type Loader } from 'cosmiconfig';
import { z } from 'zod';
import { BUDGET_NAMES, DEFAULT_BUDGETS, resolveConfig, type Config } from './config.js';
import { MAX_TIMER_MS, parseDuration, parseSize } from './core/duration.js';
import { ConfigError, errorMessage } from './errors.js';
import { importModule } from './import-module.js';

/**
 * Reading a config file: cosmiconfig finds and parses it, zod checks its keys. Loaded only when
 * there is a file to read (config.ts decides), so a run without one never compiles either library.
 */

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
    budgets: z
      .object({ success: bytes.optional(), failure: bytes.optional(), answer: bytes.optional(), ceiling: bytes.optional() })
      .strict()
      .superRefine((b, ctx) => {
        // A budget over the ceiling could never be used; say so instead of capping it silently.
        const ceiling = b.ceiling ?? DEFAULT_BUDGETS.ceiling;
        for (const key of ['success', 'failure', 'answer'] as const) {
          const value = b[key];
          if (value !== undefined && value > ceiling) ctx.addIssue({ code: 'custom', path: [key], message: `(${value}) is larger than the ceiling (${ceiling}); raise budgets.ceiling or lower it` });
        }
      })
      .optional(),
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
    // Shims written by `reduce shims install` route every caller through reduce, not only REDUCE_AGENT=1.
    shims: z.object({ always: z.boolean().optional() }).strict().optional(),
    timeout: duration.refine((s) => parseDuration(s)! <= MAX_TIMER_MS, { message: 'is at most 24d, the longest a timer holds' }).optional(),
  })
  .strict();

export type RawConfig = z.infer<typeof schema>;

/** The file a flag or REDUCE_CONFIG named: it must load, or a ConfigError (exit 2) names file and key. */
export async function loadNamedConfig(file: string): Promise<Config> {
  const warnings: string[] = [];
  const explorer = makeExplorer(warnings);
  let result: Awaited<ReturnType<typeof explorer.load>>;
  try {
    result = await explorer.load(file);
  } catch (err) {
    throw new ConfigError(`bad config ${fileOf(err) ?? file}: ${firstLine(errorMessage(err))}`);
  }
  return withWarnings(validate(result), warnings);
}

/**
 * cosmiconfig's search from `cwd`. A file found that cannot be used (another tool's broken
 * package.json, a bad key) must not cost the user their output: it is a warning, and the
 * defaults stand in.
 */
export async function searchConfig(cwd: string): Promise<Config> {
  const warnings: string[] = [];
  const explorer = makeExplorer(warnings);
  try {
    return withWarnings(validate(await explorer.search(cwd)), warnings);
  } catch (err) {
    const reason = err instanceof ConfigError ? err.message.replace(/^bad config /, '') : `${fileOf(err) ?? 'config file'}: ${firstLine(errorMessage(err))}`;
    return withWarnings(resolveConfig({}, null), [...warnings, `reduce: ignoring config ${reason}; using the defaults`]);
  }
}

type SearchResult = Awaited<ReturnType<ReturnType<typeof cosmiconfig>['search']>>;

function validate(result: SearchResult): Config {
  if (!result || result.isEmpty) return resolveConfig({}, result?.filepath ?? null);
  const parsed = schema.safeParse(result.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.') || '(top level)';
    throw new ConfigError(`bad config ${result.filepath}: key '${key}' ${issue.message}`);
  }
  return resolveConfig(parsed.data, result.filepath);
}

function withWarnings(config: Config, warnings: string[]): Config {
  return { ...config, warnings: [...warnings, ...config.warnings] };
}

const JS_EXTENSIONS = ['.js', '.mjs', '.cjs'] as const;

/**
 * The explorer for the module name `reducer`, with loaders that name the file in their errors,
 * load JavaScript by import (so a config that throws reports its own error), and skip a
 * package.json that does not parse: it is another tool's file, and the search goes on past it.
 */
function makeExplorer(warnings: string[]): ReturnType<typeof cosmiconfig> {
  const json: Loader = (filepath, content) => {
    try {
      return defaultLoaders['.json'](filepath, content);
    } catch (err) {
      if (path.basename(filepath) !== 'package.json') throw err;
      warnings.push(`reduce: ignoring ${filepath}: it does not parse as JSON`);
      return {}; // a package.json without a `reducer` key: the search goes on
    }
  };
  const js: Loader = async (filepath) => (await importModule<{ default?: unknown }>(pathToFileURL(filepath).href)).default ?? null;
  const options = {
    searchStrategy: 'project' as const,
    loaders: { '.json': json, ...Object.fromEntries(JS_EXTENSIONS.map((ext) => [ext, js])) },
  };
  try {
    return cosmiconfig('reducer', options);
  } catch {
    // cosmiconfig first reads ./package.json for settings of its own, and throws when it does not
    // parse; reduce takes none of those settings, so read them from an empty folder instead (the
    // search, when there is one, meets the same file and warns about it).
    return outsideCwd(() => cosmiconfig('reducer', options));
  }
}

function outsideCwd<T>(make: () => T): T {
  const here = process.cwd();
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-config-'));
  try {
    process.chdir(empty);
    return make();
  } finally {
    process.chdir(here);
    fs.rmSync(empty, { recursive: true, force: true });
  }
}

function fileOf(err: unknown): string | undefined {
  const file = (err as { filepath?: unknown } | null)?.filepath;
  return typeof file === 'string' ? file : undefined;
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
