import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { Command, Option } from 'commander';
import { BUDGET_NAMES, type BudgetName } from '../config.js';
import { commandConfig } from './command-config.js';
import { MAX_TIMER_MS, parseDuration, parseSize } from '../core/duration.js';
import type { ExitInfo, Intent, TrustLane } from '../core/types.js';
import { INTENTS } from '../core/intent.js';
import { ExitCode, ReduceError, StoreRefusedError, UsageError, errorMessage } from '../errors.js';
import { finalizeRun } from '../capture/finalize.js';
import { CaptureSession, type SessionOptions } from '../capture/session.js';
import { captureCommand, exitCodeOf } from '../capture/spawn.js';
import { captureStdin } from '../capture/stdin.js';
import { reducersFor } from '../api.js';
import { colorizePacket } from '../render/color.js';
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

/** The options of the default command, shared by the program itself. */
export function addRunOptions(command: Command): Command {
  return command
    .option('-f, --family <name>', 'skip detection and use this family (or reducer name)')
    .option('--command <text>', 'pipe mode: the command that produced the input, recorded and used for detection')
    .option('--exit-code <n>', "pipe mode: the producer's exit status, when known (selects the failure budget)")
    .addOption(new Option('-b, --budget <name>', 'packet size: auto (answer 8 KiB; verdict 512 B success, 8 KiB failure), concise, normal, verbose, full').choices(BUDGET_NAMES as unknown as string[]))
    .option('--max-bytes <n>', 'packet size limit in bytes (8k, 16KiB; capped at the 64 KiB ceiling)')
    .option('--json', 'print the packet as one JSON object')
    .option('-t, --timeout <duration>', 'stop the command after this long (30s, 5m): SIGTERM, then SIGKILL; exit 124')
    .addOption(new Option('--trust-lane <lane>', 'trust lane of this output').choices(['internal', 'external-runtime', 'external-untrusted']))
    .addOption(new Option('--intent <intent>', 'answer: the output is what you want to read (shown whole up to 8 KiB); verdict: whether it worked').choices([...INTENTS]))
    .option('--config <file>', 'use this config file instead of searching for one')
    .option('--outputs <dir>', 'artifact directory (default ./outputs, or REDUCE_OUTPUTS, or the config key)');
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
  const cwd = process.cwd();
  const config = await commandConfig(flags.config);
  const wrap = argv.length > 0;
  const budget = (flags.budget ?? config.budget) as BudgetName;
  const maxBytes = parseMaxBytes(flags.maxBytes) ?? config.maxBytes;
  const timeoutMs = flags.timeout !== undefined ? parseTimeout(flags.timeout) : config.timeoutMs;
  const pipeExit = flags.exitCode !== undefined ? parseExitCode(flags.exitCode) : 0;
  if (!wrap && process.stdin.isTTY) throw new UsageError('nothing to read: pipe output into reduce, or wrap a command with `reduce -- <command>` (see reduce --help)');
  if (!wrap && flags.timeout !== undefined) throw new UsageError('--timeout applies to a wrapped command (reduce --timeout 30s -- <command>)');

  const commandText = wrap ? argv.map(quoteArg).join(' ') : (flags.command ?? '');
  const session: SessionOptions = {
    outputsDir: resolveOutputsDir(flags.outputs ?? config.outputs, cwd),
    argv: wrap ? argv : flags.command ? splitCommand(flags.command) : [],
    command: commandText,
    cwd,
    mode: wrap ? 'wrap' : 'pipe',
    config,
    reducers: reducersFor(config),
    ...(flags.family ? { family: flags.family } : {}),
    ...(flags.intent ? { intent: flags.intent } : {}),
    // A store that cannot be written must not cost a byte: the streams go where they would have gone.
    passthrough: (stream, bytes) => (stream === 'stdout' ? process.stdout : process.stderr).write(bytes),
  };
  if (flags.family) assertKnownFamily(flags.family, session.reducers);
  onCapture();
  const capture = new CaptureSession(session);
  capture.open();
  capture.countErrors = Boolean(process.stderr.isTTY);
  const stopStatus = startStatusLine(() => capture.progress());

  let exit: ExitInfo;
  let finalCode: number;
  try {
    if (wrap) {
      const outcome = await captureCommand(capture, argv, timeoutMs);
      if (outcome.spawnError) {
        stopStatus();
        capture.discard();
        process.stderr.write(`reduce: ${outcome.spawnError.message}\n`);
        return outcome.spawnError.code;
      }
      exit = outcome.exit;
      for (const note of outcome.notes) capture.note(note);
      finalCode = exitCodeOf(exit);
    } else {
      const { interrupted } = await captureStdin(capture);
      exit = { code: pipeExit, signal: null, timedOut: false, ...(interrupted ? { interrupted: { signal: interrupted, bytesRead: capture.progress().bytes } } : {}) };
      finalCode = interrupted ? 128 + (interrupted === 'SIGINT' ? 2 : interrupted === 'SIGHUP' ? 1 : 15) : ExitCode.ok;
    }
  } finally {
    stopStatus();
  }

  try {
    const result = capture.finish(exit);
    const out = finalizeRun(session, result, exit, { budget, maxBytes, json: Boolean(flags.json), ...(flags.trustLane ? { trustLane: flags.trustLane } : {}) });
    if (out.warning) process.stderr.write(out.warning + '\n');
    await writeOut(out.packet && !flags.json ? colorizePacket(out.output.toString('utf8')) : out.output);
    // A refused store is the user's setting to fix (exit 2); the output has passed through all the same.
    if (result.storeError instanceof StoreRefusedError) return ExitCode.usage;
    if (!out.id && !wrap) return ExitCode.internal;
    return finalCode;
  } catch (err) {
    // Reduction failed after the capture: the output is on disk (or in the raw window); never lose the code.
    process.stderr.write(`reduce: internal error while reducing: ${errorMessage(err)}\n`);
    await writeOut(Buffer.from(rawFallback(capture)));
    return wrap ? finalCode : ExitCode.internal;
  }
}

function rawFallback(capture: CaptureSession): string {
  const { head, tail, skipped } = capture.stdout.raw.snapshot();
  return head.toString('utf8') + (skipped > 0 ? `\n[… ${skipped} bytes not shown …]\n` : '') + tail.toString('utf8');
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

function parseExitCode(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) > 255) throw new UsageError(`--exit-code takes a number from 0 to 255 (got '${text}')`);
  return Number(text);
}

/** Quotes an argument only when a shell would need it, so the command reads as typed. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Splits `--command` text into words for detection; quotes group words, nothing is run. */
function splitCommand(text: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

