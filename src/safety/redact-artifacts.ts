/**
 * Config `redact: artifacts`: the stored streams are rewritten with secrets masked, for users who
 * prefer a redacted store to a lossless one. Lines without secrets keep their exact bytes (invalid
 * UTF-8 and ANSI codes included); a line with one is re-encoded with the mask in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LineSplitter } from '../core/line-splitter.js';
import { withoutAnsi } from '../core/lines.js';
import type { StoredStream } from '../store/metadata.js';
import { nodeCrypto } from '../store/node-crypto.js';
import { createRedactor, type Redactor } from './redact.js';
import { sanitizeForTerminal } from './sanitize.js';

/** Longer lines are redacted in slices of this size (a secret cut by a slice edge can escape). */
const SLICE = 1 << 20;
const CHUNK = 1 << 16;

export interface RedactedStreams {
  streams: { stdout: StoredStream; stderr?: StoredStream };
  counts: Record<string, number>;
}

export function redactArtifacts(dir: string, streams: { stdout: StoredStream; stderr?: StoredStream }): RedactedStreams {
  const counts: Record<string, number> = {};
  const out: RedactedStreams['streams'] = { stdout: redactStream(dir, streams.stdout, counts) };
  if (streams.stderr) out.stderr = redactStream(dir, streams.stderr, counts);
  return { streams: out, counts };
}

function redactStream(dir: string, stream: StoredStream, counts: Record<string, number>): StoredStream {
  const file = path.join(dir, stream.file);
  const temp = `${file}.redacting`;
  const hash = nodeCrypto().createHash('sha256');
  const splitter = new LineSplitter(() => {});
  const output = fs.openSync(temp, 'w', 0o600);
  let found: Record<string, number>;
  try {
    found = redactFileTo(file, (bytes) => {
      fs.writeSync(output, bytes);
      hash.update(bytes);
      splitter.push(bytes);
    });
  } finally {
    fs.closeSync(output);
  }
  splitter.end();
  fs.renameSync(temp, file);
  for (const [kind, n] of Object.entries(found)) counts[kind] = (counts[kind] ?? 0) + n;
  return { ...stream, bytes: splitter.bytes, lines: splitter.lines, sha256: hash.digest('hex'), index: splitter.index };
}

export interface RedactFileOptions {
  /** Also make each line safe for a terminal (for `inspect --raw` on a TTY). */
  sanitize?: boolean;
  /** Mask secrets (default true); false with `sanitize` only cleans escape sequences. */
  redact?: boolean;
}

/**
 * Streams a stored file to `write` line by line with secrets masked, in bounded memory.
 * Returns the secrets masked, by kind.
 */
export function redactFileTo(file: string, write: (bytes: Buffer) => void, options: RedactFileOptions = {}): Record<string, number> {
  const redactor = options.redact === false ? null : createRedactor();
  const emit = (line: Buffer): void => {
    const out = redactor ? redactBytes(line, redactor) : line;
    if (out.length === 0) return;
    write(options.sanitize ? Buffer.from(sanitizeForTerminal(out.toString('utf8'))) : out);
  };
  const input = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const take = (): Buffer => {
      const line = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return line;
    };
    for (;;) {
      const got = fs.readSync(input, buffer, 0, CHUNK, null);
      if (got === 0) break;
      let pos = 0;
      while (pos < got) {
        const nl = buffer.indexOf(10, pos);
        const end = nl === -1 || nl >= got ? got : nl;
        pending.push(Buffer.from(buffer.subarray(pos, end)));
        pendingBytes += end - pos;
        if (end === got) break;
        emit(take());
        write(NEWLINE);
        pos = end + 1;
      }
      // A very long line is redacted slice by slice to keep memory bounded.
      if (pendingBytes >= SLICE) emit(take());
    }
    if (pendingBytes > 0) emit(take());
  } finally {
    fs.closeSync(input);
  }
  return redactor ? redactor.counts() : {};
}

const NEWLINE = Buffer.from('\n');

/**
 * The line's bytes, or its redacted text when it holds a secret. A line with escape sequences is also
 * redacted without them: a token split by colour codes (`ghp_ab\x1b[0mcd…`) is whole only then, and
 * such a line is shown without its colours.
 */
function redactBytes(line: Buffer, redactor: Redactor): Buffer {
  const text = line.toString('utf8');
  const hadCr = text.endsWith('\r');
  const body = hadCr ? text.slice(0, -1) : text;
  const plain = withoutAnsi(body);
  const masked = redactor.line(plain);
  if (masked === plain) return line;
  return Buffer.from(hadCr ? `${masked}\r` : masked, 'utf8');
}
