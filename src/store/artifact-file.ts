import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

/**
 * One raw stream written to disk byte for byte, hashed on the way.
 * Created lazily on the first byte unless `eager` (stdout always gets a file, stderr only when non-empty).
 * A write failure (disk full, read-only) is remembered, not thrown: the run goes on without the store.
 */
export class ArtifactFile {
  bytes = 0;
  failure: Error | null = null;
  private handle: fs.promises.FileHandle | null = null;
  private readonly hash: Hash = createHash('sha256');

  constructor(readonly tempPath: string) {}

  async open(): Promise<void> {
    if (this.handle || this.failure) return;
    try {
      this.handle = await fs.promises.open(this.tempPath, 'wx', 0o600);
    } catch (err) {
      this.failure = err as Error;
    }
  }

  async write(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (!this.handle) await this.open();
    if (this.failure || !this.handle) return;
    try {
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await this.handle.write(chunk, written, chunk.length - written);
        written += bytesWritten;
      }
    } catch (err) {
      this.failure = err as Error;
    }
  }

  /** Closes the file; returns false when any byte could not be stored. */
  async close(): Promise<boolean> {
    if (this.handle) {
      try {
        await this.handle.close();
      } catch (err) {
        this.failure ??= err as Error;
      }
      this.handle = null;
    }
    return this.failure === null;
  }

  get opened(): boolean {
    return this.handle !== null || (this.failure === null && this.bytes > 0);
  }

  sha256(): string {
    return this.hash.copy().digest('hex');
  }
}
