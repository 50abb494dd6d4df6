import fs from 'node:fs';
import path from 'node:path';
import { parseJsonText } from '../capture/json-document.js';
import { commandConfig, storeToRead } from './command-config.js';
import { bytes, count } from '../core/format.js';
import { UsageError } from '../errors.js';
import { resolvePointer } from '../reducers/generic/json-render.js';
import { escapeControl } from '../render/escape.js';
import { safeJson } from '../render/json.js';
import { renderText } from '../render/text.js';
import { readMetadata, resolveId, streamPath } from '../store/artifact-store.js';
import type { ArtifactMeta } from '../store/metadata.js';
import { recordInspect } from '../store/inspect-log.js';
import { readLines } from '../store/line-reader.js';
import { writeOut } from './output.js';
import { redactArgv, redactBlock, redactLine, redactPacket, redactingReader } from '../safety/packet-safety.js';
import { createRedactor } from '../safety/redact.js';
import { redactFileTo } from '../safety/redact-artifacts.js';

export interface InspectFlags {
  lines?: string;
  grep?: string;
  context?: string;
  stderr?: boolean;
  raw?: boolean;
  pointer?: string;
  json?: boolean;
  unredacted?: boolean;
  outputs?: string;
  config?: string;
}

const MAX_GREP_MATCHES = 500;

/** `reduce inspect <query>`: its options are INSPECT in flag-specs.ts. */
export async function inspectAction(query: string, flags: InspectFlags): Promise<void> {
  const config = await commandConfig(flags.config);
  const dir = storeToRead(flags.outputs, config);
  const modes = [flags.lines, flags.grep, flags.raw, flags.pointer, flags.json].filter((m) => m !== undefined && m !== false).length;
  if (modes > 1) throw new UsageError('choose one of --lines, --grep, --raw, --pointer, --json');
  const stream = flags.stderr ? 'stderr' : 'stdout';
  if (flags.raw) {
    const meta = readMetadata(dir, resolveId(dir, query));
    recordInspect(dir, meta.id);
    return writeRaw(dir, meta, stream, !flags.unredacted);
  }
  const request: InspectRequest = { stream, context: parseContext(flags.context), json: Boolean(flags.json), unredacted: Boolean(flags.unredacted) };
  if (flags.lines !== undefined) request.lines = flags.lines;
  if (flags.grep !== undefined) request.grep = flags.grep;
  if (flags.pointer !== undefined) request.pointer = flags.pointer;
  return writeOut(inspectView(dir, query, request));
}

/** One view of a stored artifact; what `reduce inspect` prints and the MCP tool returns. */
export interface InspectRequest {
  lines?: string;
  grep?: string;
  context?: number;
  stream?: 'stdout' | 'stderr';
  pointer?: string;
  json?: boolean;
  unredacted?: boolean;
}

/** The text of one inspect view (everything but --raw); throws UsageError for a bad id or request. */
export function inspectView(dir: string, query: string, request: InspectRequest): string {
  const meta = readMetadata(dir, resolveId(dir, query));
  recordInspect(dir, meta.id);
  const stream = request.stream ?? 'stdout';
  // Secrets are masked in everything inspect shows unless --unredacted says otherwise.
  const redact = !request.unredacted;
  if (request.lines !== undefined) return showLines(dir, meta, stream, request.lines, redact);
  if (request.grep !== undefined) return grep(dir, meta, stream, request.grep, request.context ?? 0, redact);
  if (request.pointer !== undefined) return showPointer(dir, meta, request.pointer, redact);
  if (request.json) return safeJson(redact ? redactMeta(meta) : meta) + '\n';
  return describe(dir, redact ? redactMeta(meta) : meta);
}

export function redactMeta(meta: ArtifactMeta): ArtifactMeta {
  return { ...meta, command: redactLine(meta.command), argv: redactArgv(meta.argv), ...(meta.packet ? { packet: redactPacket(meta.packet) } : {}) };
}

export function describe(dir: string, meta: ArtifactMeta): string {
  const lines: string[] = [];
  for (const [name, s] of Object.entries(meta.streams)) {
    if (!s) continue;
    lines.push(`artifact: ${path.join(dir, s.file)} (${count(s.bytes)} B, ${count(s.lines)} lines, sha256 ${s.sha256.slice(0, 16)}…)${name === 'stderr' ? ' [stderr]' : ''}`);
  }
  const exit = meta.exit.timedOut ? 'timed out' : meta.exit.signal ? `signal ${meta.exit.signal}` : `exit ${meta.exit.code}`;
  lines.push(`source: ${escapeControl(meta.command || '(stdin)')} (${meta.mode}, ${exit}, ${(meta.durationMs / 1000).toFixed(1)}s, ${meta.createdAt}, cwd ${escapeControl(meta.cwd)})`);
  lines.push(`reducer: ${meta.reducer} · family ${meta.family} · content ${meta.contentType}`);
  const p = meta.packet;
  if (!p) {
    lines.push(`retention: ${meta.retention.duration} (expires ${meta.retention.expiresAt})`);
    lines.push('packet not stored: the run could not write its full metadata (was the store full?); the streams are complete, read them with --lines, --grep or --raw');
    return lines.join('\n') + '\n';
  }
  lines.push(`packet: ${bytes(p.stats.packetBytes)} · confidence ${p.confidence.toFixed(2)} · tainted ${p.tainted ? `yes (${p.trustLane})` : 'no'} · truncated ${p.truncated ? 'yes' : 'no'} · injection ${p.injection.suspected ? 'suspected' : 'none found'}`);
  lines.push(`escalation: ${p.escalation.recommended ? `recommended (${p.escalation.reason})` : 'not needed'}`);
  lines.push(`retention: ${meta.retention.duration} (expires ${meta.retention.expiresAt})`);
  if (meta.redaction === 'artifacts') lines.push(`redaction: the stored streams are redacted (config redact: artifacts)`);
  lines.push('── packet ──');
  return lines.join('\n') + '\n' + renderText(p);
}

function streamFile(dir: string, meta: ArtifactMeta, stream: 'stdout' | 'stderr'): string {
  const file = streamPath(dir, meta.id, stream);
  if (!meta.streams[stream] && stream === 'stderr') throw new UsageError(`artifact ${meta.id} has no stderr`);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    throw new UsageError(`artifact ${meta.id} has lost its ${stream} file (${file})`);
  }
  if (!stat.isFile()) throw new UsageError(`${file} is not a regular file (a link?); links in the store are not followed`);
  return file;
}

async function writeRaw(dir: string, meta: ArtifactMeta, stream: 'stdout' | 'stderr', redact: boolean): Promise<void> {
  const file = streamFile(dir, meta, stream);
  // Escape sequences never reach a terminal; a pipe gets the stored bytes (masked unless --unredacted).
  const tty = Boolean(process.stdout.isTTY);
  if (redact || tty) {
    const chunks: Buffer[] = [];
    let size = 0;
    const flush = (): void => {
      if (size) process.stdout.write(Buffer.concat(chunks, size));
      chunks.length = 0;
      size = 0;
    };
    redactFileTo(
      file,
      (bytes) => {
        chunks.push(bytes);
        size += bytes.length;
        if (size >= 1 << 16) flush();
      },
      { redact, sanitize: tty },
    );
    flush();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const source = fs.createReadStream(file);
    source.on('error', reject);
    source.on('end', resolve);
    source.pipe(process.stdout, { end: false });
  });
}

function parseRange(text: string, last: number): [number, number] {
  const match = /^(\d*)(?::(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) throw new UsageError(`--lines takes A:B, A:, :B or A (got '${text}')`);
  const from = match[1] ? Number(match[1]) : 1;
  const to = match[2] === undefined ? from : match[2] === '' ? last : Number(match[2]);
  if (from < 1 || to < from) throw new UsageError(`--lines ${text}: the range is empty`);
  return [from, Math.min(to, last)];
}

export function showLines(dir: string, meta: ArtifactMeta, stream: 'stdout' | 'stderr', range: string, redact: boolean): string {
  const file = streamFile(dir, meta, stream);
  const info = meta.streams[stream]!;
  const [from, to] = parseRange(range, info.lines);
  if (from > info.lines) throw new UsageError(`--lines ${range}: ${stream} has only ${count(info.lines)} lines`);
  const width = String(to).length;
  const read = (_s: 'stdout' | 'stderr', a: number, b: number): string[] => readLines(file, info.index, a, b);
  return (redact ? redactingReader(read) : read)(stream, from, to).map((text, i) => `${String(from + i).padStart(width)}│ ${escapeControl(text)}`).join('\n') + '\n';
}

export function grep(dir: string, meta: ArtifactMeta, stream: 'stdout' | 'stderr', pattern: string, context: number, redact: boolean): string {
  const file = streamFile(dir, meta, stream);
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    throw new UsageError(`--grep: '${pattern}' is not a valid regular expression`);
  }
  const info = meta.streams[stream]!;
  const out: string[] = [];
  const width = String(info.lines).length;
  let matches = 0;
  let lastPrinted = 0;
  const recent: Array<[number, string]> = [];
  let after = 0;
  const print = (n: number, text: string, mark: string): void => {
    if (lastPrinted > 0 && n > lastPrinted + 1) out.push('--');
    if (redact) text = masked.get(n) ?? redactLine(text);
    out.push(`${String(n).padStart(width)}${mark} ${escapeControl(text)}`);
    lastPrinted = n;
  };
  const redactor = createRedactor();
  const masked = new Map<number, string>();
  const remember = (n: number, text: string): void => {
    masked.set(n, text);
    if (masked.size > 2 * context + 2) masked.delete(masked.keys().next().value as number);
  };
  // Stream through the file in slices; memory stays bounded by the context window.
  const step = 10_000;
  outer: for (let start = 1; start <= info.lines; start += step) {
    const lines = readLines(file, info.index, start, Math.min(info.lines, start + step - 1));
    for (let i = 0; i < lines.length; i++) {
      const n = start + i;
      const text = lines[i]!;
      // One redactor follows the whole stream, so lines inside a PEM block or Secret data are masked too.
      if (redact) remember(n, redactor.line(text));
      if (regex.test(text)) {
        if (++matches > MAX_GREP_MATCHES) break outer;
        for (const [m, t] of recent) if (m > lastPrinted) print(m, t, '│');
        recent.length = 0;
        print(n, text, ':');
        after = context;
      } else if (after > 0) {
        print(n, text, '│');
        after--;
      } else if (context > 0) {
        recent.push([n, text]);
        if (recent.length > context) recent.shift();
      }
    }
  }
  if (matches === 0) return `no line of ${stream} matches /${pattern}/\n`;
  if (matches > MAX_GREP_MATCHES) out.push(`… stopped after ${MAX_GREP_MATCHES} matches; narrow the pattern or use --lines`);
  return out.join('\n') + '\n';
}

export function showPointer(dir: string, meta: ArtifactMeta, pointer: string, redact: boolean): string {
  const file = streamFile(dir, meta, 'stdout');
  if (meta.streams.stdout.bytes > 256 * 1024 * 1024) throw new UsageError('--pointer: stdout is over 256 MiB; use --lines or --grep');
  // The document the packet cited: colour codes read past, a short trailer of other lines after it allowed.
  const parsed = parseJsonText(fs.readFileSync(file, 'utf8'));
  if (!parsed) throw new UsageError(`--pointer: stdout of ${meta.id} is not valid JSON`);
  const doc = parsed.doc;
  const normalized = pointer === '/' ? '' : pointer;
  if (normalized !== '' && !normalized.startsWith('/')) throw new UsageError(`--pointer takes a JSON pointer starting with '/' (got '${pointer}')`);
  const { found, value } = resolvePointer(doc, normalized);
  if (!found) throw new UsageError(`--pointer ${pointer}: no such value in ${meta.id}`);
  const lines = JSON.stringify(value, null, 2).split('\n');
  return escapeControl((redact ? redactBlock(lines) : lines).join('\n')) + '\n';
}

function parseContext(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d{1,4}$/.test(text)) throw new UsageError(`-C takes a number of lines (got '${text}')`);
  return Number(text);
}
