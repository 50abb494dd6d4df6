import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { gcCommand } from './commands/gc.js';
import { hookCommand } from './commands/hook.js';
import { ingestCommand } from './commands/ingest.js';
import { initCommands } from './commands/init.js';
import { listCommand } from './commands/list.js';
import { mcpCommand } from './commands/mcp.js';
import { shimCommands } from './commands/shims.js';
import { statsCommand } from './commands/stats.js';
import { INSPECT, RUN_OPTIONS } from './commands/flag-specs.js';
import { inspectAction } from './commands/inspect.js';
import { runReduce, type RunFlags } from './commands/run.js';
import { addOptions, specCommand } from './commands/spec-command.js';
import { ExitCode, reportError, UsageError } from './errors.js';

/**
 * The whole program, with commander: every command, its help and its errors. cli.ts loads it for
 * any argv its start-up parser does not take (help, version, the other commands, bad flags).
 */

const pkg = readOwnPackage();

/** The package's own package.json: one level up from dist/, two from the bundle in dist/bundle/. */
function readOwnPackage(): { version: string } {
  for (const up of ['../package.json', '../../package.json']) {
    const file = new URL(up, import.meta.url);
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (pkg.name === 'reduce') return pkg;
  }
  return { version: '0.0.0' };
}

const EXAMPLES = `
Examples:
  reduce -- kubectl logs api-7f9c              wrap a command: store everything, print a packet
  reduce --timeout 2m -- kubectl logs -f api   stop a follow after 2 minutes, still get a packet
  gh pr view 42 --json title,statusCheckRollup | reduce --family gh
  terraform plan -no-color | reduce --command 'terraform plan' --exit-code 2
  reduce --json -- npm test                    the packet as one JSON object
  reduce --budget verbose -- cargo build       a bigger packet (concise, normal, verbose, full)
  reduce inspect last --lines 88:121           the way back to the raw output
  reduce list                                  what is stored
  reduce gc --older-than 1d                    remove old artifacts

Exit codes:
  wrap mode: the command's own exit code; 128+N when signal N ended it; 124 after --timeout;
             127 when the command is not found, 126 when it cannot be executed
  pipe mode: 0; 1 when reduce itself failed (the input is passed through raw); 130/143 when interrupted
  any mode:  2 for bad flags, a bad config or an unknown artifact id
`;

/**
 * `history` pulls in a tokenizer that takes most of a second to load, so it is imported only when
 * it is the command being run; otherwise a light stand-in lists it in --help.
 */
async function historyCommandFor(argv: readonly string[]): Promise<Command> {
  const dash = argv.indexOf('--');
  const operands = (dash === -1 ? argv : argv.slice(0, dash)).slice(2).filter((a) => !a.startsWith('-'));
  if (operands[0] === 'history') return (await import('./commands/history.js')).historyCommand();
  return new Command('history').description('prune conversation history before a model call, and measure what it saves (reduce history --help)');
}

async function buildProgram(argv: readonly string[]): Promise<Command> {
  const program = new Command('reduce')
    .description('Run a command (or read a pipe), store its full output losslessly, and print a small cited packet for an AI agent.')
    .version(pkg.version, '-V, --version')
    .usage('[options] -- <command> [args...]\n       <command> | reduce [options]\n       reduce <inspect|list|gc|ingest|...> ...')
    .argument('[command...]', 'the command to wrap (after --)')
    .enablePositionalOptions()
    .passThroughOptions()
    .showHelpAfterError('(reduce --help shows the usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`reduce: ${text.replace(/^error: /, '')}`) })
    .addHelpText('after', EXAMPLES);
  addOptions(program, RUN_OPTIONS);
  program.action(async (command: string[], flags: RunFlags) => {
    process.exitCode = await runReduce(command, flags);
  });
  program.hook('preSubcommand', (_program, sub) => passGlobalOptions(program, sub));
  for (const sub of [specCommand(INSPECT).action(inspectAction), listCommand(), gcCommand(), ingestCommand(), hookCommand(), ...initCommands(), ...shimCommands(), statsCommand(), mcpCommand(pkg.version), await historyCommandFor(argv)]) program.addCommand(sub.exitOverride().configureOutput({ outputError: (text, write) => write(`reduce: ${text.replace(/^error: /, '')}`) }));
  return program;
}

/**
 * `reduce --outputs other gc`: an option given before a subcommand applies to it when the
 * subcommand has it (its own value after the name wins); an option only a run has is refused,
 * never silently ignored.
 */
function passGlobalOptions(program: Command, sub: Command): void {
  for (const option of program.options) {
    const key = option.attributeName();
    const source = program.getOptionValueSource(key);
    if (source !== 'cli') continue;
    const flag = option.long ?? option.short ?? key;
    if (key === 'version' || key === 'help') continue;
    if (!sub.options.some((o) => o.long === option.long)) throw new UsageError(`${flag} is an option of a run, not of '${sub.name()}' (put the options of '${sub.name()}' after its name)`);
    sub.setOptionValueWithSource(key, program.getOptionValue(key), 'cli');
  }
}

/**
 * Parses and runs `argv` (process.argv's shape); the exit code, with commander's own errors as exit 2.
 * Errors end here, as exit codes: the entry that imports this (dist/bundle/cli.cjs) is a bundle of
 * its own, whose error classes are not these.
 */
export async function runProgram(argv: readonly string[]): Promise<number> {
  try {
    await (await buildProgram(argv)).parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : ExitCode.usage;
    return reportError(err);
  }
}
