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
  makeDirs(dir);
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(dir, 0o700);
  const ignore = path.join(dir, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n', { mode: 0o600 });
}

/**
 * `mkdir -p` one level at a time. Node 20's `mkdirSync(p, {recursive: true})` spins forever on a
 * pseudo-filesystem (`/proc/x`: ENOENT for the child, EEXIST for the parent); a hook must fail instead.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!fs.existsSync(at)) {
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const each of missing.reverse()) {
    try {
      fs.mkdirSync(each, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(each).isDirectory()) throw err;
    }
  }
}
