import { bytes, count } from '../core/format.js';

/**
 * One live line on stderr while a long command runs (bytes, lines, errors seen, elapsed),
 * only when stderr is a terminal; cleared at the end so it never lands in a log.
 */
export function startStatusLine(progress: () => { bytes: number; lines: number; errors: number }, stream: NodeJS.WriteStream = process.stderr): () => void {
  if (!stream.isTTY) return () => {};
  const started = Date.now();
  let shown = false;
  const timer = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000;
    if (elapsed < 1) return;
    const p = progress();
    stream.write(`\r\x1b[2Kreduce: ${bytes(p.bytes)} · ${count(p.lines)} lines · ${count(p.errors)} errors · ${elapsed.toFixed(1)}s`);
    shown = true;
  }, 250);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (shown) stream.write('\r\x1b[2K');
  };
}
