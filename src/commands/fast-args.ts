import { parseArgs, type ParseArgsConfig } from 'node:util';
import { INSPECT, RUN_OPTIONS, type OptionSpec } from './flag-specs.js';

/**
 * The argv of the commands an agent runs all day (`reduce -- cmd`, `cmd | reduce`, `reduce inspect`,
 * `reduce hook <host> <event>`), read without loading commander, which with the whole program's
 * definition is a good part of a start-up. Only argv that commander would read the same way is taken
 * here: known options, values in their choices, no help or version. Anything else is null, and the
 * full program (program.ts) parses it and words any error.
 */
export type HotCommand =
  | { kind: 'run'; command: string[]; flags: Record<string, string | boolean> }
  | { kind: 'inspect'; query: string; flags: Record<string, string | boolean> }
  | { kind: 'hook'; host: 'claude' | 'codex'; event: string };

export function hotCommand(args: readonly string[]): HotCommand | null {
  if (args[0] === 'hook') {
    const [, host, event, ...rest] = args;
    if (rest.length > 0 || event === undefined || event.startsWith('-')) return null;
    if ((host === 'claude' && ['pre', 'post', 'post-failure'].includes(event)) || (host === 'codex' && ['pre', 'post'].includes(event))) return { kind: 'hook', host, event };
    return null;
  }
  if (args[0] === 'inspect') {
    if (args.includes('--')) return null;
    const parsed = parseSimple(args.slice(1), INSPECT.options, 1);
    return parsed ? { kind: 'inspect', query: parsed.positionals[0]!, flags: parsed.flags } : null;
  }
  const dash = args.indexOf('--');
  const command = dash === -1 ? [] : args.slice(dash + 1);
  if (dash !== -1 && command.length === 0) return null;
  const parsed = parseSimple(dash === -1 ? args : args.slice(0, dash), RUN_OPTIONS, 0);
  return parsed ? { kind: 'run', command, flags: parsed.flags } : null;
}

/** Options parsed as commander would (keys in camelCase, defaults applied), or null when unsure. */
export function parseSimple(args: readonly string[], specs: readonly OptionSpec[], positionals: number): { flags: Record<string, string | boolean>; positionals: string[] } | null {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const spec of specs) {
    const m = /^(?:-(\w), )?--([\w-]+)( <[^>]+>)?$/.exec(spec.flags);
    if (!m) return null;
    options[m[2]!] = { type: m[3] ? 'string' : 'boolean', ...(m[1] ? { short: m[1] } : {}) };
  }
  const result = tokensOf(args, options, positionals > 0);
  if (!result) return null;
  // Commander checks the choices of every occurrence, not only the last.
  const choicesOf = new Map(specs.map((s) => [/--([\w-]+)/.exec(s.flags)![1]!, s.choices]));
  for (const token of result.tokens ?? []) {
    if (token.kind !== 'option') continue;
    const choices = choicesOf.get(token.name);
    if (choices && !choices.includes(token.value ?? '')) return null;
  }
  if (result.positionals.length !== positionals || result.positionals.some((p) => p.startsWith('-'))) return null;
  const flags: Record<string, string | boolean> = {};
  for (const spec of specs) {
    const long = /--([\w-]+)/.exec(spec.flags)![1]!;
    const value = (result.values as Record<string, string | boolean | undefined>)[long] ?? spec.defaultValue;
    if (value === undefined) {
      if (spec.required) return null;
      continue;
    }
    flags[long.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return { flags, positionals: result.positionals };
}

type Parsed = Pick<ReturnType<typeof parseArgs>, 'values' | 'positionals' | 'tokens'>;

/** parseArgs, strict; null when it refuses (an unknown option, a missing value, a value that looks like an option). */
export function tokensOf(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>, allowPositionals: boolean): Parsed | null {
  // No word that looks like an option (`reduce -- cmd`, `inspect last`): what parseArgs would say, without
  // loading it (node:util loads its parser at the first call: about 2 M instructions of a start).
  if (!args.some((a) => a.startsWith('-'))) return allowPositionals || args.length === 0 ? { values: {}, positionals: [...args], tokens: [] } : null;
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals, tokens: true });
  } catch {
    return null;
  }
}
