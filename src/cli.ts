import { hotCommand } from './commands/fast-args.js';
import { ExitCode, ReduceError, errorMessage } from './errors.js';

/**
 * The entry point, and the only place that exits. It stays small: the commands an agent runs all
 * day (`reduce -- cmd`, `cmd | reduce`, `reduce inspect`, `reduce hook`) are read by a start-up
 * parser and import only what they use; anything else loads the whole program (program.ts), with
 * commander, help and the other commands.
 */

async function run(argv: readonly string[]): Promise<number> {
  const hot = hotCommand(argv.slice(2));
  if (hot?.kind === 'run') return (await import('./commands/run.js')).runReduce(hot.command, hot.flags);
  if (hot?.kind === 'inspect') await (await import('./commands/inspect.js')).inspectAction(hot.query, hot.flags);
  else if (hot?.kind === 'hook') await (await import('./commands/host-hook.js')).hostHook(hot.host, hot.event);
  else return (await import('./program.js')).runProgram(argv);
  return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
}

async function main(): Promise<void> {
  let code: number;
  try {
    code = await run(process.argv);
  } catch (err) {
    if (err instanceof ReduceError) {
      process.stderr.write(`reduce: ${err.message}\n`);
      code = err.exitCode;
    } else {
      process.stderr.write(`reduce: internal error: ${errorMessage(err)}\n`);
      code = ExitCode.internal;
    }
  }
  // Exit explicitly: a forwarded signal or a destroyed stdin must not keep the process alive.
  process.stdout.write('', () => process.exit(code));
}

void main();
