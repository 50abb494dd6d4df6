import path from 'node:path';
import type { BudgetName, Config } from '../config.js';
import { VERDICT_DATA_CAP, budgetFor } from '../core/budget.js';
import { count } from '../core/format.js';
import { finishStats, pack, preferWhole } from '../core/packer.js';
import type { Citation, ExitInfo, InjectionReport, Packet, StreamName, TrustLane } from '../core/types.js';
import { renderJson } from '../render/json.js';
import { renderText } from '../render/text.js';
import { writeMetadata } from '../store/artifact-store.js';
import type { ArtifactMeta, StoredStream } from '../store/metadata.js';
import { readLines } from '../store/line-reader.js';
import { MAX_LINE_CHARS, shortenLine } from '../core/lines.js';
import { resolveLane } from '../safety/lanes.js';
import { citeInjection, finishRedaction, flaggedLines, focusOnInjection, guardRestatements, redactParts, redactingReader, settleInjectionCites } from '../safety/packet-safety.js';
import { redactArtifacts } from '../safety/redact-artifacts.js';
import { HEAD_BYTES } from './raw-window.js';
import { STAMPS_NOTE, unstamp } from '../core/line-stamps.js';
import type { SessionOptions, SessionResult } from './session.js';

export interface FinalizeOptions {
  budget: BudgetName;
  maxBytes?: number;
  trustLane?: TrustLane;
  json: boolean;
}

export interface RunOutput {
  /** What goes to stdout: the packet, the verbatim output, or the raw passthrough. */
  output: Buffer;
  packet: Packet | null;
  id: string | null;
  /** A warning for stderr when the store failed. */
  warning: string | null;
}

/** Outputs up to this size may be shown whole instead of a packet (`preferWhole` decides). */
const VERBATIM_MAX = 64 * 1024;
const CAPPED = / …\[\+\d+ bytes\]$/;
/** The marks of a line shortened for display (shortenLine): ` …[+N chars]…` in its middle, ` …[+N bytes]` at its end. */
const CLIPPED = / …\[\+\d+ (?:chars|bytes)\]/;

/**
 * Turns a finished capture into the packet, writes the metadata last (atomically) and says what
 * to print. When the store failed, the raw output is shown instead, capped, with a note.
 */
export function finalizeRun(session: SessionOptions, result: SessionResult, exit: ExitInfo, options: FinalizeOptions): RunOutput {
  const { config } = session;
  const { detection, parts } = result;
  const reducer = detection.reducer;
  const family = reducer.family;
  const streams = {
    stdout: { bytes: result.streams.stdout.splitter.bytes, lines: result.streams.stdout.splitter.lines },
    stderr: { bytes: result.streams.stderr.splitter.bytes, lines: result.streams.stderr.splitter.lines },
  };

  if (!result.id) return passthrough(result, exit, config);

  const id = result.id;
  const dir = session.outputsDir;
  const userLane = config.families.find((f) => f.name === family)?.trustLane;
  const trustLane = resolveLane({
    family,
    argv: session.argv,
    flag: options.trustLane,
    config: userLane ? { [family]: userLane, ...config.trustLanes } : config.trustLanes,
    reducerLane: reducer.lane,
    chosenBy: detection.source === 'claim' || detection.source === 'explicit' ? 'command' : 'content',
  });
  const tainted = trustLane !== 'internal';
  // Injection hits are mandatory citations; flagged text is quoted, never restated in bullets or fields.
  const injection: InjectionReport = citeInjection(result.injection, parts);
  const flagged = flaggedLines(result.injection);
  const injectionDrafts = parts.citations.filter((c) => injection.cites?.includes(c.ref)).map((c) => ({ ...c }));
  if (injection.suspected) guardRestatements(parts, injection);
  const redact = config.redact !== 'off';
  if (redact) redactParts(parts);
  const intent = result.intent.intent;
  const auto = options.budget === 'auto' && options.maxBytes === undefined;
  // The note that lines were read past their stamps frames the packet: under `auto` it does not take the evidence's room.
  const stampsRoom = result.stamped && auto ? Buffer.byteLength(`note: ${STAMPS_NOTE}\n`) : 0;
  // A passing job log's step that a run of its own would show whole gets that room (never past the failure budget).
  const wholeStep = auto && parts.status !== 'fail' ? Math.min(parts.wholeStepBytes ?? 0, config.budgets.failure) : 0;
  const budget = Math.max(budgetFor(parts.status, options.budget, options.maxBytes, config, (parts.answerBytes ?? 0) + (parts.warningBytes ?? 0), intent), wholeStep) + stampsRoom;
  const indexes = { stdout: result.streams.stdout.splitter.fineIndex, stderr: result.streams.stderr.splitter.fineIndex };
  const rawReader = (stream: StreamName, from: number, to: number): string[] => readLines(path.join(dir, `${id}.${stream}`), indexes[stream], from, to);
  const reader = redact ? redactingReader(rawReader) : rawReader;
  // The whole output is read with its long lines uncut (it is at most VERBATIM_MAX): a minified document or a
  // tool's one-line JSON messages can then be shown whole rather than cut at the line-length cap.
  // Lines behind a collector's stamp or source are shown past it, as excerpts show them (the artifact keeps it).
  const rawWholeReader = (stream: StreamName, from: number, to: number): string[] => {
    const lines = readLines(path.join(dir, `${id}.${stream}`), indexes[stream], from, to, VERBATIM_MAX);
    return result.stamped?.[stream] ? lines.map(unstamp) : lines;
  };
  const wholeReader = redact ? redactingReader(rawWholeReader) : rawWholeReader;

  // A read stopped by a signal is not the whole output, whatever the reducer made of its part.
  const notes = exit.interrupted ? [...result.notes, `reading interrupted by ${exit.interrupted.signal} after ${count(exit.interrupted.bytesRead)} bytes: the input may have gone on`] : result.notes;
  let packet = pack({
    id,
    command: session.command,
    family,
    reducer: `${reducer.name}@${reducer.version}`,
    intent,
    exit,
    streams,
    trustLane,
    tainted,
    injection,
    parts,
    budget,
    ceiling: config.budgets.ceiling,
    warningCap: auto && intent === 'verdict' ? Math.min(VERDICT_DATA_CAP, config.budgets.answer, config.budgets.failure) : 0,
    detection,
    notes,
    // A long flagged line is shown around what was flagged, not by its head and tail.
    readLines: (stream, from, to) =>
      reader(stream, from, to)
        .map((line) => (result.stamped?.[stream] ? unstamp(line) : line))
        .map((line, i) => (flagged.has(`${stream}:${from + i}`) && focusOnInjection(line)) || clipForDisplay(reducer.excerptLine ? reducer.excerptLine(line) : line)),
  });
  if (exit.interrupted) packet.truncated = true;
  else if (result.contentType !== 'binary' && !injection.suspected && options.budget !== 'full') {
    const rawBytes = streams.stdout.bytes + streams.stderr.bytes;
    const whole = rawBytes <= VERBATIM_MAX ? verbatimPacket(packet, streams, wholeReader, result.stamped ? [...result.runNotes, STAMPS_NOTE] : result.runNotes) : null;
    const wholeBytes = whole ? Buffer.byteLength(renderText(whole)) : Infinity;
    const packetBytes = packet.stats.packetBytes;
    // Under `auto` an answer the caller asked to read is shown whole whenever it fits its budget.
    const answerWhole = intent === 'answer' && auto;
    // A packet that cut the lines it cites (a long line shown by its head and tail) saved bytes by dropping evidence.
    const clipped = packet.citations.some((c) => c.excerpt.some((l) => CLIPPED.test(l)));
    // Lines past the length cap (a minified document): a parsed document's packet reads them better than the blob.
    // Text with long lines (a PATH, a one-line XML report) has no such reading: it is shown whole when it fits.
    const longLines = result.contentType === 'json' && whole !== null && whole.citations.some((c) => c.excerpt.some((l) => l.length > MAX_LINE_CHARS));
    if (whole && preferWhole({ wholeBytes, packetBytes, budget, failureBudget: Math.min(config.budgets.failure, config.budgets.ceiling), answerWhole, auto, clippedFailure: clipped && packet.status === 'fail', longLines, status: packet.status, confidence: packet.confidence })) packet = whole;
  }
  if (injection.suspected) settleInjectionCites(packet, injection, injectionDrafts);
  if (redact) {
    finishRedaction(packet);
    finishStats(packet);
  }

  const meta: ArtifactMeta = {
    schema: 'reduce.artifact/1',
    id,
    command: session.command,
    argv: session.argv,
    cwd: session.cwd,
    mode: session.mode,
    family,
    reducer: `${reducer.name}@${reducer.version}`,
    intent,
    intentSource: result.intent.source,
    createdAt: result.createdAt.toISOString(),
    durationMs: result.durationMs,
    exit,
    streams: { stdout: stored(id, 'stdout', result) },
    contentType: result.contentDetail ? `${result.contentType}/${result.contentDetail}` : result.contentType,
    trustLane,
    tainted,
    retention: { duration: config.retention, expiresAt: new Date(result.createdAt.getTime() + config.retentionMs).toISOString() },
    redaction: 'none',
    ...(result.offloaded ? { reducerThread: 'worker' as const } : {}),
    packet,
  };
  if (streams.stderr.bytes > 0) meta.streams.stderr = stored(id, 'stderr', result);
  if (config.redact === 'artifacts') {
    // The user chose redacted artifacts over lossless ones: rewrite the streams, record it.
    const rewritten = redactArtifacts(dir, meta.streams);
    meta.streams = rewritten.streams;
    meta.redaction = 'artifacts';
    if (Object.keys(rewritten.counts).length) meta.artifactRedactions = rewritten.counts;
  }
  let warning: string | null = null;
  try {
    writeMetadata(dir, meta);
  } catch (err) {
    warning = `reduce: could not write ${id}.json (${(err as Error).message}); the raw streams are stored, inspect will not find them`;
  }
  const output = options.json ? renderJson(packet) : renderText(packet);
  return { output: Buffer.from(output), packet, id, warning };
}

/** Excerpt lines longer than this are shown head …[+N chars]… tail; the artifact keeps them whole. */
const EXCERPT_LINE_CHARS = 600;
const EXCERPT_HEAD = 440;
const EXCERPT_TAIL = 140;

function clipForDisplay(line: string): string {
  if (line.length <= EXCERPT_LINE_CHARS) return line;
  return shortenLine(line, EXCERPT_HEAD, EXCERPT_TAIL);
}

function stored(id: string, stream: StreamName, result: SessionResult): StoredStream {
  const tap = result.streams[stream];
  return { bytes: tap.splitter.bytes, lines: tap.splitter.lines, sha256: tap.file!.sha256(), file: `${id}.${stream}`, index: tap.splitter.index };
}

/** The whole output as the packet, when it is small: each stream one citation of all its lines. */
function verbatimPacket(packet: Packet, streams: Record<StreamName, { bytes: number; lines: number }>, reader: (s: StreamName, a: number, b: number) => string[], runNotes: string[]): Packet | null {
  const citations: Citation[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const lines = streams[stream].lines;
    if (lines === 0) continue;
    const excerpt = reader(stream, 1, lines);
    // A line cut at the length cap is not the whole output (ANSI codes and overwritten progress are display, a cut
    // line is a loss): the packet must stand instead.
    if (excerpt.some((text) => CAPPED.test(text))) return null;
    citations.push({ ref: stream, stream, lines: [1, lines], label: 'whole output', excerpt });
  }
  const whole: Packet = {
    ...packet,
    summary: [],
    fields: {},
    citations,
    omitted: [],
    truncated: false,
    confidence: 1,
    escalation: { recommended: false, reason: null },
    recover: `reduce inspect ${packet.id} --raw`,
    verbatim: true,
    stats: { ...packet.stats },
  };
  // Notes about the output's shape do not apply to the whole output; notes about the run still do.
  if (runNotes.length) whole.notes = [...runNotes];
  else delete whole.notes;
  finishStats(whole);
  return whole;
}

/** The store failed: nothing is lost as long as the raw output reaches the user, capped, with a note. */
function passthrough(result: SessionResult, exit: ExitInfo, config: Config): RunOutput {
  const reason = result.storeError ? result.storeError.message : 'unknown error';
  const exitText = exit.signal ? `signal ${exit.signal}` : `exit ${exit.code ?? '?'}`;
  if (result.passedThrough) {
    const total = result.streams.stdout.splitter.bytes + result.streams.stderr.splitter.bytes;
    return { output: Buffer.from(`── reduce: not stored (${reason}); the whole output passed through (${count(total)} bytes, stderr to stderr) · ${exitText}\n`), packet: null, id: null, warning: `reduce: could not store the output: ${reason}` };
  }
  const parts: Buffer[] = [];
  const ceiling = config.budgets.ceiling;
  let cut = 0;
  for (const stream of ['stdout', 'stderr'] as const) {
    const window = result.streams[stream].raw.snapshot();
    if (window.head.length === 0) continue;
    if (stream === 'stderr' && parts.length) parts.push(Buffer.from('\n── stderr ──\n'));
    const room = stream === 'stdout' ? ceiling : Math.max(4096, ceiling - parts.reduce((a, b) => a + b.length, 0));
    if (window.skipped === 0 && window.head.length + window.tail.length <= room) {
      parts.push(window.head, window.tail);
    } else {
      const headRoom = Math.min(window.head.length, Math.floor(room / 2), HEAD_BYTES);
      const tailRoom = Math.min(window.tail.length, room - headRoom);
      const skipped = window.head.length - headRoom + window.skipped + window.tail.length - tailRoom;
      cut += skipped;
      parts.push(window.head.subarray(0, headRoom), Buffer.from(`\n[… ${count(skipped)} bytes of ${stream} not shown …]\n`), window.tail.subarray(window.tail.length - tailRoom));
    }
  }
  const shown = cut > 0 ? `raw output shown up to the ${count(ceiling)}-byte ceiling, ${count(cut)} bytes not shown` : 'raw output shown whole';
  const last = parts.at(-1);
  if (last && last.length > 0 && last[last.length - 1] !== 10) parts.push(Buffer.from('\n'));
  parts.push(Buffer.from(`── reduce: not stored (${reason}); ${shown} · ${exitText}\n`));
  return { output: Buffer.concat(parts), packet: null, id: null, warning: `reduce: could not store the output: ${reason}` };
}
