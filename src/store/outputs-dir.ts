import fs from 'node:fs';
import path from 'node:path';

/** Where artifacts go: `REDUCE_OUTPUTS`, then the config key `outputs`, then `./outputs`. */
export function resolveOutputsDir(configured: string | undefined, cwd: string, env = process.env): string {
  const chosen = env.REDUCE_OUTPUTS || configured || 'outputs';
  return path.resolve(cwd, chosen);
}

/**
 * Creates the outputs directory private to the user (0700) with a `.gitignore` of `*`
 * so artifacts are never committed by accident; tightens an existing one that is too open.
 */
export function ensureOutputsDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(dir, 0o700);
  const ignore = path.join(dir, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n', { mode: 0o600 });
}
