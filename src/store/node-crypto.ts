import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * node:crypto, loaded at the first hash, and random hex from the kernel. Loading node:crypto (with
 * its fifteen internal modules) costs about 13 M instructions, as much as a sixth of what `reduce`
 * adds to a Node start: a run whose command prints nothing hashes nothing (its streams' sha256 is the
 * empty input's) and draws its few random names from /dev/urandom, so it never loads it.
 */
let crypto: typeof import('node:crypto') | undefined;

export function nodeCrypto(): typeof import('node:crypto') {
  return (crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'));
}

/** sha256 of no bytes: what an empty stream records. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

let pool: Buffer = Buffer.alloc(0);

/** `bytes` random bytes as hex: from /dev/urandom, 64 at a time; from node:crypto where there is none. */
export function randomHex(bytes: number): string {
  if (pool.length < bytes) pool = urandom(Math.max(64, bytes)) ?? nodeCrypto().randomBytes(Math.max(64, bytes));
  const hex = pool.subarray(0, bytes).toString('hex');
  pool = pool.subarray(bytes);
  return hex;
}

function urandom(size: number): Buffer | null {
  let fd: number;
  try {
    fd = fs.openSync('/dev/urandom', 'r');
  } catch {
    return null; // Windows: no such device.
  }
  try {
    const buffer = Buffer.alloc(size);
    for (let got = 0; got < size; ) {
      const n = fs.readSync(fd, buffer, got, size - got, null);
      if (n <= 0) return null;
      got += n;
    }
    return buffer;
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
