import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { isatty } from 'node:tty';
import type { BudgetName } from '../config.js';
import { commandConfig } from './command-config.js';
import { MAX_TIMER_MS, parseDuration, parseSize } from '../core/duration.js';
import type { Intent, TrustLane } from '../core/types.js';
import { ExitCode, ReduceError, UsageError, errorMessage } from '../errors.js';
import { ingestOutput, runCommand, type ReduceOptions, type RunOutcome } from '../capture/run-command.js';
import { reducersFor } from '../reducers/registry.js';
import { startStatusLine } from '../render/status-line.js';
import { assertKnownFamily } from '../core/detect.js';
import { resolveOutputsDir } from '../store/outputs-dir.js';
import { writeOut } from './output.js';

export interface RunFlags {
  family?: string;
  command?: string;
  exitCode?: string;
  budget?: string;
  maxBytes?: string;
  json?: boolean;
  timeout?: string;
  trustLane?: TrustLane;
  intent?: Intent;
  config?: string;
  outputs?: string;
}

/** Config, budget and store from the flags, as every way in reads them. */
export async function reduceOptionsFrom(flags: RunFlags, cwd = process.cwd()): Promise<ReduceOptions> {
  const config = await commandConfig(flags.config);
  const maxBytes = parseMaxBytes(flags.maxBytes) ?? config.maxBytes;
  if (flags.family) assertKnownFamily(flags.family, reducersFor(config));
  return {
    cwd,
    config,
    outputsDir: resolveOutputsDir(flags.outputs ?? config.outputs, cwd),
    budget: (flags.budget ?? config.budget) as BudgetName,
    json: Boolean(flags.json),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(flags.family ? { family: flags.family } : {}),
    ...(flags.trustLane ? { trustLane: flags.trustLane } : {}),
    ...(flags.intent ? { intent: flags.intent } : {}),
    // isatty, not process.stderr.isTTY: reading process.stdout or process.stderr builds a stream (writeOut writes to fd 1 without).
    ...(isatty(2) ? { watch: (progress: () => { bytes: number; lines: number; errors: number }) => startStatusLine(progress) } : {}),
  };
}

/**
 * Wrap mode (`reduce -- cmd args`) or pipe mode (`cmd | reduce`): capture, store, reduce, print.
 * Returns the exit code: the child's in wrap mode, 0 in pipe mode unless reduce itself failed.
 */
export async function runReduce(argv: string[], flags: RunFlags): Promise<number> {
  let capturing = false;
  try {
    return await reduceRun(argv, flags, () => (capturing = true));
  } catch (err) {
    // Bad flags are the user's to fix (exit 2); anything else failing before the capture began
    // must not cost the output: the command runs (or the input passes) without reduce in between.
    if (err instanceof ReduceError || capturing) throw err;
    process.stderr.write(`reduce: internal error before capturing (${errorMessage(err)}); running without reduce\n`);
    return argv.length > 0 ? runUnreduced(argv) : passStdinThrough();
  }
}

function runUnreduced(argv: string[]): number {
  const r = spawnSync(argv[0]!, argv.slice(1), { stdio: 'inherit' });
  if (r.error) return (r.error as NodeJS.ErrnoException).code === 'ENOENT' ? ExitCode.notFound : 126;
  return r.status ?? 128 + (os.constants.signals[r.signal as NodeJS.Signals] ?? 0);
}

async function passStdinThrough(): Promise<number> {
  for await (const chunk of process.stdin) await writeOut(chunk as Buffer);
  return ExitCode.internal;
}

async function reduceRun(argv: string[], flags: RunFlags, onCapture: () => void): Promise<number> {
  const reduceOptions: ReduceOptions = {
    ...(await reduceOptionsFrom(flags)),
    onCapture,
    // A store that cannot be written must not cost a byte: the streams go where they would have gone.
    passthrough: (stream, bytes) => (stream === 'stdout' ? process.stdout : process.stderr).write(bytes),
  };
  const wrap = argv.length > 0;
  const timeoutMs = flags.timeout !== undefined ? parseTimeout(flags.timeout) : reduceOptions.config!.timeoutMs;
  const pipeExit = flags.exitCode !== undefined ? parseExitCode(flags.exitCode) : 0;
  if (!wrap && process.stdin.isTTY) throw new UsageError('nothing to read: pipe output into reduce, or wrap a command with `reduce -- <command>` (see reduce --help)');
  if (!wrap && flags.timeout !== undefined) throw new UsageError('--timeout applies to a wrapped command (reduce --timeout 30s -- <command>)');
  if (wrap) {
    const outcome = await runCommand({ ...reduceOptions, argv, timeoutMs });
    return deliver(outcome, flags, outcome.exitCode);
  }
  return pipeMode(reduceOptions, flags, pipeExit);
}

/** Pipe mode: stdin is the output; 0 unless reduce itself failed, 128+N when a signal stopped the reading. */
async function pipeMode(options: ReduceOptions, flags: RunFlags, pipeExit: number): Promise<number> {
  const outcome = await ingestOutput({ ...options, stdout: process.stdin, exitCode: pipeExit, ...(flags.command !== undefined ? { command: flags.command } : {}) });
  const { interrupted } = outcome;
  if (interrupted) return deliver(outcome, flags, 128 + (interrupted === 'SIGINT' ? 2 : interrupted === 'SIGHUP' ? 1 : 15));
  return deliver(outcome, flags, outcome.id ? ExitCode.ok : ExitCode.internal);
}

/** Prints an outcome: the warning to stderr, the packet (coloured on a terminal) to stdout. */
export async function deliver(outcome: RunOutcome, flags: RunFlags, code: number): Promise<number> {
  if (outcome.warning) process.stderr.write(outcome.warning + '\n');
  // Colour only for a person at a terminal; chalk loads only then.
  const color = outcome.packet && !flags.json && isatty(1);
  await writeOut(color ? (await import('../render/color.js')).colorizePacket(outcome.output.toString('utf8')) : outcome.output);
  // A refused store is the user's setting to fix (exit 2); the output has passed through all the same.
  return outcome.storeRefused ? ExitCode.usage : code;
}

function parseMaxBytes(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = parseSize(text);
  if (value === null || value < 64) throw new UsageError(`--max-bytes takes a size of at least 64 bytes, like 4096 or 8k (got '${text}')`);
  return value;
}

function parseTimeout(text: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new UsageError(`--timeout takes a duration like 30s, 5m or 1h (got '${text}')`);
  if (ms > MAX_TIMER_MS) throw new UsageError(`--timeout is at most 24d, the longest a timer holds (got '${text}')`);
  return ms;
}

export function parseExitCode(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) > 255) throw new UsageError(`--exit-code takes a number from 0 to 255 (got '${text}')`);
  return Number(text);
}
