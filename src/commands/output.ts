/**
 * Writes to stdout and waits until it is flushed. A reader that went away (`| head -1`) is not
 * an error: the pipe is closed, there is no one left to tell.
 */
export function writeOut(data: Buffer | string): Promise<void> {
  return new Promise((resolve) => {
    if (data.length === 0) return resolve();
    const done = (): void => resolve();
    try {
      process.stdout.write(data, done);
    } catch {
      resolve();
    }
  });
}

process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') process.stderr.write(`reduce: cannot write to stdout: ${err.message}\n`);
});
