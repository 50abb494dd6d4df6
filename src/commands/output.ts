import fs from 'node:fs';

/**
 * Set on `process` by watchStdout: false until something reads `process.stdout` (its getter builds a stream, which
 * loads Node's stream modules: about 7 M instructions, a tenth of `node -e 0`, for `reduce inspect` that needs none).
 * A global, not a module variable: cli.cjs, hot.cjs and inspect.cjs are bundles with a copy of this module each.
 */
const MADE = Symbol.for('reduce.stdoutMade');
type Watched = { [MADE]?: boolean };

/** Notes when `process.stdout` is first read (the entry calls this before anything else runs). */
export function watchStdout(): void {
  const descriptor = Object.getOwnPropertyDescriptor(process, 'stdout');
  const get = descriptor?.get;
  if (!get || !descriptor.configurable) return;
  (process as Watched)[MADE] = false;
  Object.defineProperty(process, 'stdout', {
    configurable: true,
    enumerable: descriptor.enumerable ?? true,
    get() {
      (process as Watched)[MADE] = true;
      return get.call(process) as NodeJS.WriteStream;
    },
  });
}

/** Whether `process.stdout` may hold writes: true unless watchStdout runs and nothing has read it since (a test, the library). */
export function stdoutMade(): boolean {
  return (process as Watched)[MADE] !== false;
}

let listening = false;

/**
 * Writes to stdout and waits until it is flushed. A reader that went away (`| head -1`) is not
 * an error: the pipe is closed, there is no one left to tell. While nothing has made `process.stdout`,
 * the bytes go to fd 1 directly (what Node's stream does on Linux, where stdout writes are synchronous),
 * and only what fd 1 cannot take at once (a non-blocking pipe that is full) goes through the stream.
 */
export function writeOut(data: Buffer | string, write: typeof fs.writeSync = fs.writeSync): Promise<void> {
  if (data.length === 0) return Promise.resolve();
  if (!stdoutMade()) {
    const rest = writeDirect(typeof data === 'string' ? Buffer.from(data) : data, write);
    if (rest === null) return Promise.resolve();
    data = rest;
  }
  return new Promise((resolve) => {
    const done = (): void => resolve();
    try {
      if (!listening) {
        listening = true;
        process.stdout.on('error', (err: NodeJS.ErrnoException) => report(err));
      }
      process.stdout.write(data, done);
    } catch {
      resolve();
    }
  });
}

/** Writes `bytes` to fd 1; null when done (or failed, reported as the stream reports it), else the bytes left for the stream. */
function writeDirect(bytes: Buffer, write: typeof fs.writeSync): Buffer | null {
  let at = 0;
  try {
    while (at < bytes.length) at += write(1, bytes, at, bytes.length - at);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return bytes.subarray(at);
    report(err as NodeJS.ErrnoException);
    return null;
  }
}

function report(err: NodeJS.ErrnoException): void {
  if (err.code !== 'EPIPE') process.stderr.write(`reduce: cannot write to stdout: ${err.message}\n`);
}
