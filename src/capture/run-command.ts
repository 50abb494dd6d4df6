import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { offloadSetting } from './offload-setting.js';
import { defaultConfig, type BudgetName, type Config } from '../config.js';
import { commandLineArgv } from '../core/argv.js';
import { assertKnownFamily } from '../core/detect.js';
import type { ExitInfo, Packet, TrustLane, Intent } from '../core/types.js';
import { StoreRefusedError, errorMessage } from '../errors.js';
import { reducersFor } from '../reducers/registry.js';
import { resolveOutputsDir } from '../store/outputs-dir.js';
import { finalizeRun } from './finalize.js';
import { CaptureSession, type SessionOptions } from './session.js';
import { captureCommand, exitCodeOf } from './spawn.js';
import { captureStream } from './stdin.js';

/** What every way in (wrap, ingest, hooks, MCP) shares: where to store and how to shape the packet. */
export interface ReduceOptions {
  cwd?: string;
  config?: Config;
  /** Defaults to REDUCE_OUTPUTS, the config key, or ./outputs under cwd. */
  outputsDir?: string;
  family?: string;
  budget?: BudgetName;
  maxBytes?: number;
  trustLane?: TrustLane;
  intent?: Intent;
  json?: boolean;
  /** Called just before the capture opens: from then on a failure must not run the command again. */
  onCapture?: () => void;
  /** Where the streams go when the store cannot be written (the CLI: its own stdout and stderr); unset, they are kept in the raw window only. */
  passthrough?: SessionOptions['passthrough'];
  /** Called once the capture starts with a way to read its progress (errors counted); returns a stopper. */
  watch?: (progress: () => { bytes: number; lines: number; errors: number }) => () => void;
}

export interface RunCommandOptions extends ReduceOptions {
  /** The command as words, run without a shell. */
  argv: readonly string[];
  /** The command as the user typed it, recorded and shown; defaults to argv quoted. */
  command?: string;
  timeoutMs?: number | null;
  /** `inherit` for the CLI; `ignore` for a server whose own stdin is a protocol stream. */
  stdin?: 'inherit' | 'ignore';
}

export interface RunOutcome {
  /** The artifact id, or null when the store could not be written. */
  id: string | null;
  packet: Packet | null;
  /** What the CLI prints: the packet text (or JSON), or the raw output when the store failed. */
  output: Buffer;
  exit: ExitInfo;
  /** The shell's view of the exit: the code, 128+N for signal N, 124 after the timeout, 126/127 when it never started. */
  exitCode: number;
  /** One line for stderr when something went wrong on reduce's side; the output is still whole. */
  warning: string | null;
  /** The store refused the outputs folder (not ours, another user's, open to others): the caller's setting to fix. */
  storeRefused?: boolean;
  /** Ingest only: the signal that stopped the reading of a stream early (what arrived is reduced). */
  interrupted?: NodeJS.Signals | null;
}

/**
 * Runs a command, stores both streams as an artifact and reduces them: the library's form of
 * `reduce -- cmd`. It never throws for the command's sake: not found (127), not executable (126),
 * a signal, a timeout, a store that cannot be written or a reducer that fails all come back as an
 * outcome whose output and exit code are kept.
 */
export async function runCommand(options: RunCommandOptions): Promise<RunOutcome> {
  const argv = [...options.argv];
  if (argv.length === 0) throw new Error('runCommand needs a command');
  const { session, capture } = openSession(options, argv, options.command ?? argv.map(quoteArg).join(' '), 'wrap');
  const stop = watch(options, capture);
  let exit: ExitInfo;
  try {
    const outcome = await captureCommand(capture, argv, options.timeoutMs ?? null, options.stdin ?? 'inherit');
    if (outcome.spawnError) {
      capture.discard();
      const exitInfo = outcome.exit;
      return { id: null, packet: null, output: Buffer.alloc(0), exit: exitInfo, exitCode: outcome.spawnError.code, warning: `reduce: ${outcome.spawnError.message}` };
    }
    exit = outcome.exit;
    for (const note of outcome.notes) capture.note(note);
    await capture.ready();
  } finally {
    stop();
  }
  return settle(session, capture, exit, options, exitCodeOf(exit));
}

export interface IngestOptions extends ReduceOptions {
  /** The captured stdout: a stream (stdin) or a file path. */
  stdout: Readable | string;
  /** The captured stderr, when it was kept apart. */
  stderr?: Readable | string;
  /** The producer's exit code; null when it is not known (the packet says so). */
  exitCode: number | null;
  /** The command that produced the output, as typed: recorded and used for detection. */
  command?: string;
  durationMs?: number;
}

/**
 * Reduces output that something else already captured (a hook, a shim, a CI step): the same
 * artifact, packet and exit-code rules as wrap mode, read as a stream so size does not matter.
 * The outcome's exit code is the producer's, so a caller can hand it on unchanged.
 */
export async function ingestOutput(options: IngestOptions): Promise<RunOutcome> {
  const command = options.command ?? '';
  const { session, capture } = openSession(options, commandLineArgv(command), command, 'pipe', options.stderr === undefined ? knownSize(options.stdout) : null);
  const stop = watch(options, capture);
  let interrupted: NodeJS.Signals | null = null;
  try {
    interrupted = await pump(capture, 'stdout', options.stdout);
    if (options.stderr !== undefined && !interrupted) interrupted = await pump(capture, 'stderr', options.stderr);
    await capture.ready();
  } finally {
    stop();
  }
  const exit: ExitInfo = { code: options.exitCode, signal: null, timedOut: false, ...(interrupted ? { interrupted: { signal: interrupted, bytesRead: capture.progress().bytes } } : {}) };
  return { ...settle(session, capture, exit, options, options.exitCode ?? 0, options.durationMs), interrupted };
}

function watch(options: ReduceOptions, capture: CaptureSession): () => void {
  if (!options.watch) return () => {};
  capture.countErrors = true;
  return options.watch(() => capture.progress());
}

/**
 * The bytes a captured stdout holds when that is known before reading it: a file named by path, or stdin that is a
 * regular file (`reduce < build.log`); null for a pipe or anything else.
 */
export function knownSize(source: Readable | string): number | null {
  try {
    if (typeof source === 'string') return fs.statSync(source).size;
    const fd = (source as Readable & { fd?: unknown }).fd;
    if (typeof fd !== 'number') return null;
    const stat = fs.fstatSync(fd);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/**
 * The offload setting for an input of `inputBytes` (null: not known). An input known to pass the offload size moves
 * to the worker as soon as its reducer runs: the worker then reads back only the lines of the probe, not the first
 * 4 MiB, which the main thread would otherwise have reduced itself and the worker read and reduced again.
 */
export function offloadFor(offload: SessionOptions['offload'], inputBytes: number | null): SessionOptions['offload'] {
  return offload && inputBytes !== null && inputBytes >= offload.at ? { ...offload, at: 0 } : offload;
}

function openSession(options: ReduceOptions, argv: string[], command: string, mode: 'wrap' | 'pipe', inputBytes: number | null = null): { session: SessionOptions; capture: CaptureSession } {
  const offload = offloadFor(offloadSetting(process.env).offload, inputBytes);
  const config = options.config ?? defaultConfig();
  const cwd = options.cwd ?? process.cwd();
  const session: SessionOptions = {
    outputsDir: options.outputsDir ?? resolveOutputsDir(config.outputs, cwd),
    argv,
    command,
    cwd,
    mode,
    config,
    reducers: reducersFor(config),
    ...(options.family ? { family: options.family } : {}),
    ...(options.intent ? { intent: options.intent } : {}),
    ...(options.passthrough ? { passthrough: options.passthrough } : {}),
    ...(offload ? { offload } : {}),
  };
  if (options.family) assertKnownFamily(options.family, session.reducers);
  options.onCapture?.();
  const capture = new CaptureSession(session);
  capture.open();
  return { session, capture };
}

function settle(session: SessionOptions, capture: CaptureSession, exit: ExitInfo, options: ReduceOptions, exitCode: number, durationMs?: number): RunOutcome {
  try {
    const result = capture.finish(exit, durationMs);
    const out = finalizeRun(session, result, exit, { budget: options.budget ?? session.config.budget, json: Boolean(options.json), ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}), ...(options.trustLane ? { trustLane: options.trustLane } : {}) });
    return { id: out.id, packet: out.packet, output: out.output, exit, exitCode, warning: out.warning, ...(result.storeError instanceof StoreRefusedError ? { storeRefused: true } : {}) };
  } catch (err) {
    // Reduction failed after the capture: the output is on disk (or in the raw window); never lose the code.
    return { id: null, packet: null, output: Buffer.from(rawFallback(capture)), exit, exitCode, warning: `reduce: internal error while reducing: ${errorMessage(err)}` };
  }
}

/** Reads one stream into the capture; a signal stops the reading and what arrived still makes a packet. */
async function pump(capture: CaptureSession, stream: 'stdout' | 'stderr', source: Readable | string): Promise<NodeJS.Signals | null> {
  const input = typeof source === 'string' ? fs.createReadStream(source) : source;
  const { interrupted } = await captureStream(capture, input, stream);
  return interrupted;
}

function rawFallback(capture: CaptureSession): string {
  const { head, tail, skipped } = capture.stdout.raw.snapshot();
  return head.toString('utf8') + (skipped > 0 ? `\n[… ${skipped} bytes not shown …]\n` : '') + tail.toString('utf8');
}

/** Quotes an argument only when a shell would need it, so the command reads as typed. */
export function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

