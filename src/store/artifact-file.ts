import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import { EMPTY_SHA256, nodeCrypto } from './node-crypto.js';

/**
 * One raw stream written to disk byte for byte, hashed on the way. Writes are synchronous:
 * the disk is the memory, a blocking write is the simplest backpressure, and the same code
 * serves the CLI and the synchronous library entry point.
 * A write failure (disk full, read-only) is remembered, not thrown: the run goes on without the store.
 */
export class ArtifactFile {
  /** Bytes handed to write(), stored or not. */
  bytes = 0;
  /** Bytes that reached the file: a prefix of the stream (less than `bytes` after a failure). */
  stored = 0;
  failure: Error | null = null;
  private fd: number | null = null;
  /** Made at the first byte: a stream with none loads no node:crypto. */
  private hash: Hash | null = null;

  constructor(readonly tempPath: string) {}

  open(): void {
    if (this.fd !== null || this.failure) return;
    try {
      this.fd = fs.openSync(this.tempPath, 'wx', 0o600);
    } catch (err) {
      this.failure = err as Error;
    }
  }

  write(chunk: Buffer): void {
    this.bytes += chunk.length;
    (this.hash ??= nodeCrypto().createHash('sha256')).update(chunk);
    if (this.fd === null) this.open();
    if (this.failure || this.fd === null) return;
    try {
      let written = 0;
      while (written < chunk.length) {
        const n = fs.writeSync(this.fd, chunk, written, chunk.length - written);
        written += n;
        this.stored += n;
      }
    } catch (err) {
      this.failure = err as Error;
    }
  }

  /** Closes the file; returns false when any byte could not be stored. */
  close(): boolean {
    if (this.fd !== null) {
      try {
        fs.closeSync(this.fd);
      } catch (err) {
        this.failure ??= err as Error;
      }
      this.fd = null;
    }
    return this.failure === null;
  }

  get opened(): boolean {
    return this.fd !== null || (this.failure === null && this.bytes > 0);
  }

  sha256(): string {
    return this.hash ? this.hash.copy().digest('hex') : EMPTY_SHA256;
  }
}

/**
 * Removes a file; one already gone is fine. fs.rmSync loads Node's recursive-removal module (about 2 M
 * instructions at the first call) even for one file: a run removes its temp files this way.
 */
export function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Hands the first `length` bytes of a file to `sink` in 64 KiB pieces (a stream's stored prefix, read back). */
export function readPrefix(file: string, length: number, sink: (bytes: Buffer) => void): void {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 16);
    for (let at = 0; at < length; ) {
      const got = fs.readSync(fd, buffer, 0, Math.min(buffer.length, length - at), at);
      if (got === 0) break;
      sink(Buffer.from(buffer.subarray(0, got)));
      at += got;
    }
  } finally {
    fs.closeSync(fd);
  }
}
