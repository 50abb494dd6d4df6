import fs from 'node:fs';
import { Command } from 'commander';
import { ingestOutput } from '../capture/run-command.js';
import { UsageError, errorMessage } from '../errors.js';
import { PACKET_OPTIONS } from './flag-specs.js';
import { addOptions } from './spec-command.js';
import { deliver, parseExitCode, reduceOptionsFrom, type RunFlags } from './run.js';

interface IngestFlags extends RunFlags {
  stdout?: string;
  stderr?: string;
  duration?: string;
}

/**
 * `reduce ingest`: reduce output that something else already captured (a hook, a shim, a CI
 * step), with the same artifact, packet and exit-code rules as wrap mode: it exits with the
 * producer's code, so `reduce ingest … --exit-code "$?"` can stand last in a script.
 */
export function ingestCommand(): Command {
  const command = new Command('ingest')
    .description('reduce output captured elsewhere: store it, print the packet, exit with the producer\'s code')
    .requiredOption('--stdout <file>', "the captured stdout, or '-' for standard input")
    .option('--stderr <file>', 'the captured stderr, when it was kept apart')
    .option('--exit-code <n>', "the producer's exit code (default 0)")
    .option('--command <text>', 'the command that produced the output, recorded and used for detection')
    .option('--duration <ms>', 'how long the producer ran, in milliseconds, recorded in the metadata')
    .option('-f, --family <name>', 'skip detection and use this family (or reducer name)');
  addOptions(command, PACKET_OPTIONS);
  return command
    .addHelpText(
      'after',
      `
Exit code: the --exit-code given (0 by default), as in wrap mode; when a file cannot be read,
one line on stderr and that same code (nothing else was captured to lose).

Examples:
  npm test >o 2>e; reduce ingest --stdout o --stderr e --exit-code $? --command 'npm test'
  make 2>&1 | reduce ingest --stdout - --command make`,
    )
    .action(async (flags: IngestFlags) => {
      const exitCode = flags.exitCode !== undefined ? parseExitCode(flags.exitCode) : 0;
      const durationMs = flags.duration !== undefined ? parseDurationMs(flags.duration) : undefined;
      if (flags.stdout === '-' && flags.stderr === '-') throw new UsageError('only one of --stdout and --stderr can be standard input');
      const options = await reduceOptionsFrom(flags);
      for (const file of [flags.stdout, flags.stderr]) {
        if (file === undefined || file === '-') continue;
        try {
          fs.accessSync(file, fs.constants.R_OK);
        } catch (err) {
          process.stderr.write(`reduce: cannot read ${file}: ${errorMessage(err)}\n`);
          process.exitCode = exitCode;
          return;
        }
      }
      const outcome = await ingestOutput({
        ...options,
        stdout: flags.stdout === '-' ? process.stdin : flags.stdout!,
        ...(flags.stderr !== undefined ? { stderr: flags.stderr === '-' ? process.stdin : flags.stderr } : {}),
        exitCode,
        ...(flags.command !== undefined ? { command: flags.command } : {}),
        ...(durationMs !== undefined ? { durationMs } : {}),
      });
      process.exitCode = await deliver(outcome, flags, exitCode);
    });
}

function parseDurationMs(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new UsageError(`--duration takes milliseconds as a whole number (got '${text}')`);
  return Number(text);
}
