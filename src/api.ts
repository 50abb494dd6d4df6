import { defaultConfig, type BudgetName, type Config } from './config.js';
import { finalizeRun } from './capture/finalize.js';
import { CaptureSession, type SessionOptions } from './capture/session.js';
import type { ExitInfo, Intent, Packet, PacketParts, TrustLane } from './core/types.js';
import { loadAllReducers, reducersFor } from './reducers/registry.js';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { resolveOutputsDir } from './store/outputs-dir.js';
import { listIds, readMetadata, streamPath } from './store/artifact-store.js';

/** What the library needs to reduce an output that is already in memory. */
export interface ReduceInput {
  stdout: Buffer | string;
  stderr?: Buffer | string;
  /** The command that produced it, as words (used for detection and recorded). */
  argv?: readonly string[];
  /** The command as text; defaults to the argv joined. */
  command?: string;
  exit?: Partial<ExitInfo>;
  family?: string;
  outputsDir?: string;
  cwd?: string;
  budget?: BudgetName;
  maxBytes?: number;
  trustLane?: TrustLane;
  /** What the command was run for; guessed from the family, the verb and the content when absent. */
  intent?: Intent;
  json?: boolean;
  config?: Config;
  /** Fixes the creation time (tests, reproducible ids up to the random suffix). */
  createdAt?: Date;
  mode?: 'wrap' | 'pipe';
}

export interface ReduceResult {
  /** The artifact id, or null when the store could not be written. */
  id: string | null;
  packet: Packet | null;
  /** What the CLI would print. */
  text: string;
  warning: string | null;
  /** What the reducer handed the packer, before the budget (for tests and tooling). */
  parts: PacketParts | null;
}

const CHUNK = 64 * 1024;

export { reducersFor };

// The library reduces synchronously, so every reducer's body is loaded when it is imported (the
// CLI loads only the body a run chooses).
await loadAllReducers();

/**
 * Stores an output as an artifact and reduces it, exactly as the CLI does, synchronously.
 * The same bytes, command and options give the same packet (but for the id).
 */
export function reduceOutputSync(input: ReduceInput): ReduceResult {
  const config = input.config ?? defaultConfig();
  const cwd = input.cwd ?? process.cwd();
  const argv = [...(input.argv ?? [])];
  const session: SessionOptions = {
    outputsDir: input.outputsDir ?? resolveOutputsDir(config.outputs, cwd),
    argv,
    command: input.command ?? argv.join(' '),
    cwd,
    mode: input.mode ?? (argv.length ? 'wrap' : 'pipe'),
    config,
    reducers: reducersFor(config),
    ...(input.family ? { family: input.family } : {}),
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    ...(input.intent ? { intent: input.intent } : {}),
  };
  const capture = new CaptureSession(session);
  capture.open();
  feed(capture, 'stdout', input.stdout);
  if (input.stderr !== undefined) feed(capture, 'stderr', input.stderr);
  const exit: ExitInfo = { code: input.exit?.code === undefined ? 0 : input.exit.code, signal: input.exit?.signal ?? null, timedOut: input.exit?.timedOut ?? false };
  const result = capture.finish(exit);
  const out = finalizeRun(session, result, exit, {
    budget: input.budget ?? config.budget,
    json: Boolean(input.json),
    ...(input.maxBytes !== undefined ? { maxBytes: input.maxBytes } : {}),
    ...(input.trustLane ? { trustLane: input.trustLane } : {}),
  });
  return { id: out.id, packet: out.packet, text: out.output.toString('utf8'), warning: out.warning, parts: out.packet?.verbatim ? { ...result.parts, summary: [] } : result.parts };
}

/** The asynchronous face of reduceOutputSync, for callers that prefer promises. */
export async function reduceOutput(input: ReduceInput): Promise<ReduceResult> {
  return reduceOutputSync(input);
}

/** Per outputs directory: `sha256 \0 command` of text already stored -> its id (scanned once per process). */
const storedTexts = new Map<string, Map<string, string>>();

function textKey(sha256: string, command: string): string {
  return `${sha256}\0${command}`;
}

function storedTextIndex(dir: string): Map<string, string> {
  let index = storedTexts.get(dir);
  if (index) return index;
  index = new Map();
  for (const id of listIds(dir)) {
    try {
      const meta = readMetadata(dir, id);
      if (meta.mode === 'pipe' && !meta.streams.stderr && meta.redaction === 'none') index.set(textKey(meta.streams.stdout.sha256, meta.command), id);
    } catch {
      // unreadable metadata: that artifact is simply not reused
    }
  }
  storedTexts.set(dir, index);
  return index;
}

/**
 * Stores text as an artifact (with its packet) and returns the id `reduce inspect` takes. The
 * same text under the same command, stored before in the same directory, keeps its id: a
 * conversation pruned again before every model call then gets the same bytes each time.
 */
export function saveTextArtifact(options: { outputsDir?: string; text: string; command: string; family?: string }): string {
  const dir = options.outputsDir ?? resolveOutputsDir(defaultConfig().outputs, process.cwd());
  const index = storedTextIndex(dir);
  const key = textKey(createHash('sha256').update(options.text).digest('hex'), options.command);
  const known = index.get(key);
  if (known !== undefined && fs.existsSync(streamPath(dir, known, 'stdout'))) return known;
  const result = reduceOutputSync({ stdout: options.text, command: options.command, argv: [], mode: 'pipe', outputsDir: dir, ...(options.family ? { family: options.family } : {}) });
  if (!result.id) throw new Error(result.warning ?? 'could not store the artifact');
  index.set(key, result.id);
  return result.id;
}

/** Stores text and runs the family reducer over it; returns the id and the rendered packet. */
export async function reduceText(options: { text: string; command: string; family?: string; outputsDir?: string }): Promise<{ id: string; packetText: string }> {
  const argv = options.command.split(/\s+/).filter(Boolean);
  const result = reduceOutputSync({ stdout: options.text, command: options.command, argv, mode: 'pipe', ...(options.family ? { family: options.family } : {}), ...(options.outputsDir ? { outputsDir: options.outputsDir } : {}) });
  if (!result.id) throw new Error(result.warning ?? 'could not store the artifact');
  return { id: result.id, packetText: result.text };
}

function feed(capture: CaptureSession, stream: 'stdout' | 'stderr', data: Buffer | string): void {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  for (let i = 0; i < buffer.length; i += CHUNK) capture.write(stream, buffer.subarray(i, i + CHUNK));
}
