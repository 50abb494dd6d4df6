/**
 * `reduce history`: prune a conversation before a model call, check it, or show what pruning
 * saves per turn and per model call. Parses options, reads input, calls the library, prints.
 * Errors are thrown as `HistoryError` with their exit code; `src/cli.ts` exits.
 */
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { reduceText, saveTextArtifact } from '../api.js';
import { errorMessage } from '../errors.js';
import {
  FORMAT_NAMES,
  HistoryError,
  computeStats,
  findApiIssues,
  parseHistory,
  parseStrategies,
  pruneParsed,
  readHistoryDocument,
  renderStats,
  resolvePruneOptions,
  writeHistoryDocument,
  type HistoryReducer,
  type HistoryStore,
  type PruneReport,
  type StrategyOptions,
} from '../history/index.js';
import { badOption, EXIT_FAILURE } from '../history/errors.js';
import { packetResolver, previewResolver } from '../history/store.js';
import { reducePackets, storesOutputs } from '../history/prune.js';
import { parseMaskRules } from '../history/options.js';

/** Where the command reads and writes; tests pass their own. */
export interface HistoryIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  readPath(path: string): Promise<string>;
  stdinIsTty: boolean;
  /** The artifact store for `trim`, given the outputs directory. */
  openStore?(outputsDir: string | undefined): HistoryStore;
  /** The family reducer for `trim --reduce`. */
  openReducer?(outputsDir: string | undefined): HistoryReducer;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function processIo(): HistoryIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readStdin: () => readAll(process.stdin),
    readPath: (path) => readFile(path, 'utf8'),
    stdinIsTty: Boolean(process.stdin.isTTY),
    openStore: (outputsDir) => ({
      save: (text, meta) => storing(() => saveTextArtifact({ text, command: meta.command, ...(outputsDir ? { outputsDir } : {}) })),
    }),
    openReducer: (outputsDir) => ({
      reduce: (text, meta) => storing(() => reduceText({ text, command: meta.command, ...(outputsDir ? { outputsDir } : {}) })),
    }),
  };
}

/** Runs a store call; its failure is `reduce` failing (exit 1), not bad input. */
function storing<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw new HistoryError('store-failed', `could not store a trimmed output: ${errorMessage(error)}`, EXIT_FAILURE);
  }
}

interface CliOptions {
  strategy?: string;
  keepTurns?: string;
  recentTurns?: string;
  maxOutputChars?: string;
  previewChars?: string;
  trimmableTools?: string;
  maskKeep?: string;
  maskEvery?: string;
  maskTrigger?: string;
  maskProtect?: string;
  maskRules?: string;
  supersedeByEdits?: boolean;
  cacheReadPrice?: string;
  reduce?: boolean;
  outputsDir?: string;
  format?: string;
  json?: boolean;
  calls?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

function listOption(value: string | undefined): string[] | undefined {
  return value?.split(',').map((t) => t.trim()).filter((t) => t.length > 0);
}

function integerOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw badOption(`${flag} expects a whole number, got "${value}"`);
  return Number(value);
}

/** Maps CLI flags to library options (validation happens in `resolvePruneOptions`). */
function strategyOptions(opts: CliOptions, defaultStrategy: string): StrategyOptions {
  const tools = listOption(opts.trimmableTools);
  const pick = <K extends keyof StrategyOptions>(key: K, value: StrategyOptions[K] | undefined): Partial<StrategyOptions> =>
    value === undefined ? {} : { [key]: value };
  return {
    strategies: parseStrategies(opts.strategy ?? defaultStrategy),
    ...pick('keepTurns', integerOption(opts.keepTurns, '--keep-turns')),
    ...pick('recentTurns', integerOption(opts.recentTurns, '--recent-turns')),
    ...pick('maxOutputChars', integerOption(opts.maxOutputChars, '--max-output-chars')),
    ...pick('previewChars', integerOption(opts.previewChars, '--preview-chars')),
    ...pick('trimmableTools', opts.trimmableTools === undefined ? undefined : tools ?? []),
    ...pick('maskKeep', integerOption(opts.maskKeep, '--mask-keep')),
    ...pick('maskEvery', integerOption(opts.maskEvery, '--mask-every')),
    ...pick('maskTrigger', integerOption(opts.maskTrigger, '--mask-trigger')),
    ...pick('maskProtect', listOption(opts.maskProtect)),
    ...pick('maskRules', opts.maskRules === undefined ? undefined : parseMaskRules(opts.maskRules)),
    ...pick('supersedeByEdits', opts.supersedeByEdits),
  };
}

async function readInput(io: HistoryIo, file: string | undefined): Promise<string> {
  if (file === undefined || file === '-') {
    if (file === undefined && io.stdinIsTty) throw badOption('no input: give a FILE, or pipe a conversation on stdin (use - for stdin)');
    return io.readStdin();
  }
  try {
    return await io.readPath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HistoryError('bad-input', `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)}`);
  }
}

function summarize(report: PruneReport): string {
  const r = report.removed;
  return (
    `reduce history: ${report.format} (${report.container}), ${report.turns} turns, ` +
    `messages ${report.messagesBefore} -> ${report.messagesAfter}; removed ${r.toolCalls} tool calls, ${r.toolResults} results, ` +
    `${r.thinking} thinking blocks, ${r.turns} turns; trimmed ${report.trimmed.length} outputs, masked ${report.masked.length}\n`
  );
}

function orphanWarning(report: PruneReport): string | undefined {
  if (report.orphans.length === 0) return undefined;
  const results = report.orphans.filter((o) => o.kind === 'result');
  const calls = report.orphans.filter((o) => o.kind === 'call');
  const ids = report.orphans.slice(0, 5).map((o) => o.id).join(', ');
  const more = report.orphans.length > 5 ? ', ...' : '';
  return `reduce history: removed ${results.length} orphan tool result(s) and ${calls.length} orphan tool call(s) to keep the output valid (${ids}${more})\n`;
}

function unavailable(what: string): never {
  throw new HistoryError('store-failed', `${what} needs an artifact store, and none is configured`, EXIT_FAILURE);
}

async function runPrune(io: HistoryIo, file: string | undefined, opts: CliOptions): Promise<void> {
  const plan = resolvePruneOptions(strategyOptions(opts, 'tool_pruning'));
  if (opts.reduce && !storesOutputs(plan)) throw badOption('--reduce only applies to the trim and mask strategies');
  const document = readHistoryDocument(await readInput(io, file));
  const parsed = parseHistory(document.value, opts.format);
  let resolve;
  if (storesOutputs(plan)) {
    if (opts.reduce) {
      const reducer = io.openReducer?.(opts.outputsDir) ?? unavailable(`${plan.strategies.join(',')} --reduce`);
      resolve = packetResolver(await reducePackets(parsed, plan, reducer), plan.trim.previewChars);
    } else {
      resolve = previewResolver(io.openStore?.(opts.outputsDir) ?? unavailable(plan.strategies.join(',')), plan.trim.previewChars);
    }
  }
  const { output, report } = pruneParsed(parsed, plan, resolve);
  io.stdout(writeHistoryDocument(document, output));
  const warning = orphanWarning(report);
  if (warning && !opts.quiet) io.stderr(warning);
  if (opts.verbose) io.stderr(summarize(report));
}

function priceOption(value: string | undefined): { cacheReadPrice?: number } {
  if (value === undefined) return {};
  const price = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(price) || price < 0 || price > 1) throw badOption(`--cache-read-price expects a number from 0 to 1, got "${value}"`);
  return { cacheReadPrice: price };
}

async function runStats(io: HistoryIo, file: string | undefined, opts: CliOptions): Promise<void> {
  const plan = resolvePruneOptions(strategyOptions(opts, 'tool_pruning,trim'));
  const document = readHistoryDocument(await readInput(io, file));
  const stats = computeStats(parseHistory(document.value, opts.format), plan, priceOption(opts.cacheReadPrice));
  io.stdout(opts.json ? `${JSON.stringify(stats, null, 2)}\n` : renderStats(stats, { calls: opts.calls ?? false }));
}

async function runCheck(io: HistoryIo, file: string | undefined, opts: CliOptions): Promise<void> {
  const document = readHistoryDocument(await readInput(io, file));
  const parsed = parseHistory(document.value, opts.format);
  const issues = parsed.conversations.flatMap((c, k) => findApiIssues(c, parsed.format).map((issue) => ({ conversation: k + 1, ...issue })));
  if (opts.json) io.stdout(`${JSON.stringify({ format: parsed.format, container: parsed.container, valid: issues.length === 0, issues }, null, 2)}\n`);
  else {
    for (const issue of issues) io.stdout(`conversation ${issue.conversation} message ${issue.message}: ${issue.rule}: ${issue.detail}\n`);
    io.stdout(`${parsed.format} (${parsed.container}): ${issues.length === 0 ? 'valid' : `${issues.length} issue(s)`}\n`);
  }
  if (issues.length > 0) throw new HistoryError('invalid-history', `${issues.length} API-validity issue(s)`, EXIT_FAILURE);
}

function addStrategyOptions(command: Command, defaultStrategy: string): Command {
  return command
    .option('-s, --strategy <list>', `strategies in order, comma-separated: tool_pruning, trim, sliding_window, mask (default: ${defaultStrategy})`)
    .option('--keep-turns <n>', 'sliding_window: how many most recent turns to keep')
    .option('--recent-turns <n>', 'trim: recent turns whose outputs are never trimmed (default 2)')
    .option('--max-output-chars <n>', 'trim, mask: outputs longer than this are replaced (default 500)')
    .option('--preview-chars <n>', 'trim, mask: characters of preview kept (default 200; mask keeps the first line)')
    .option('--trimmable-tools <list>', 'trim: only trim outputs of these tools (default: all)')
    .option('--mask-keep <n>', 'mask: most recent tool results kept raw (default 5)')
    .option('--mask-every <n>', 'mask: the boundary moves by this many results, keeping the prompt prefix stable between moves (default 10)')
    .option('--mask-trigger <tokens>', 'mask: only mask above this many input tokens; 0 = always (default 100000)')
    .option('--mask-protect <list>', 'mask: tools never masked, by name or name word (default todo,task,plan,skill,submit,finish)')
    .option('--mask-rules <list>', 'mask: rules run at mask moves: dedupe, supersede, errors, or none (default all three)')
    .option('--supersede-by-edits', 'mask: a later edit of a file supersedes earlier reads of it too')
    .option('--format <name>', `skip detection: ${FORMAT_NAMES.join(', ')}`);
}

/** The `history` command with `prune`, `stats` and `check`. */
export function historyCommand(io: HistoryIo = processIo()): Command {
  const history = new Command('history').description('prune conversation history before a model call, and measure what it saves');
  // Settings the program applies to `history` after this returns (exitOverride, error output) reach the subcommands too.
  history.hook('preSubcommand', (parent, sub) => void sub.copyInheritedSettings(parent));

  addStrategyOptions(history.command('prune').argument('[file]', 'conversation JSON or JSONL log; - or nothing for stdin'), 'tool_pruning')
    .description('write the pruned conversation to stdout, in the input format')
    .option('--reduce', 'trim: replace old outputs with the family reducer packet instead of a preview')
    .option('--outputs-dir <dir>', 'trim: artifact store directory')
    .option('-q, --quiet', 'do not report removed orphans on stderr')
    .option('-v, --verbose', 'print a one-line summary on stderr')
    .addHelpText(
      'after',
      `
Examples:
  reduce history prune session.jsonl > pruned.jsonl
  reduce history prune --strategy tool_pruning,trim --recent-turns 1 request.json
  cat messages.json | reduce history prune --strategy sliding_window --keep-turns 5 -
  reduce history prune --strategy trim --reduce --trimmable-tools Bash,Read rollout.jsonl
  reduce history prune --strategy mask --mask-keep 3 trajectory.json

Exit codes: 0 ok; 2 bad usage, unreadable input or unknown format; 1 the store failed.`,
    )
    .action((file: string | undefined, opts: CliOptions) => runPrune(io, file, opts));

  addStrategyOptions(history.command('stats').argument('[file]', 'conversation JSON or JSONL log; - or nothing for stdin'), 'tool_pruning,trim')
    .description('input tokens per turn and per model call, before and after each strategy')
    .option('--json', 'print the numbers as JSON')
    .option('--calls', 'also print the per-call table')
    .option('--cache-read-price <x>', 'price of a cached input token relative to an uncached one (default 0.1)')
    .addHelpText(
      'after',
      `
Examples:
  reduce history stats ~/.claude/projects/app/session.jsonl
  reduce history stats --strategy tool_pruning --calls rollout.jsonl
  reduce history stats --json messages.json | jq .total
  reduce history stats --strategy mask --mask-trigger 0 trajectory.json

Tokens are counted with o200k_base. Trim and mask run dry: nothing is stored.
Exit codes: 0 ok; 2 bad usage, unreadable input or unknown format.`,
    )
    .action((file: string | undefined, opts: CliOptions) => runStats(io, file, opts));

  history
    .command('check')
    .argument('[file]', 'conversation JSON or JSONL log; - or nothing for stdin')
    .description('list the API-validity issues of a conversation (orphans, misplaced tool blocks, roles)')
    .option('--format <name>', `skip detection: ${FORMAT_NAMES.join(', ')}`)
    .option('--json', 'print the issues as JSON')
    .addHelpText(
      'after',
      `
Examples:
  reduce history prune session.jsonl | reduce history check -

Exit codes: 0 valid; 1 issues found; 2 bad usage, unreadable input or unknown format.`,
    )
    .action((file: string | undefined, opts: CliOptions) => runCheck(io, file, opts));

  return history;
}
