import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

/**
 * One raw stream written to disk byte for byte, hashed on the way. Writes are synchronous:
 * the disk is the memory, a blocking write is the simplest backpressure, and the same code
 * serves the CLI and the synchronous library entry point.
 * A write failure (disk full, read-only) is remembered, not thrown: the run goes on without the store.
 */
export class ArtifactFile {
  bytes = 0;
  failure: Error | null = null;
  private fd: number | null = null;
  private readonly hash: Hash = createHash('sha256');

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
    this.hash.update(chunk);
    if (this.fd === null) this.open();
    if (this.failure || this.fd === null) return;
    try {
      let written = 0;
      while (written < chunk.length) written += fs.writeSync(this.fd, chunk, written, chunk.length - written);
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
    return this.hash.copy().digest('hex');
  }
}
