import fs from 'node:fs';
import path from 'node:path';
import { StoreRefusedError } from '../errors.js';
import { isStoreEntry } from './ids.js';

/** Where artifacts go: `REDUCE_OUTPUTS`, then the config key `outputs`, then `./outputs`. */
export function resolveOutputsDir(configured: string | undefined, cwd: string, env = process.env): string {
  const chosen = env.REDUCE_OUTPUTS || configured || 'outputs';
  return path.resolve(cwd, chosen);
}

const IGNORE_ALL = '*\n';

/**
 * Creates the outputs directory private to the user (0700) with a `.gitignore` of `*`
 * so artifacts are never committed by accident; tightens an existing one that is too open.
 * A folder that holds anything else (a project root given as `--outputs .`) is refused, not taken over.
 */
export function ensureOutputsDir(dir: string): void {
  makeDirectory(dir);
  const stat = fs.statSync(dir);
  checkOwner(dir, stat);
  if (!isOurStore(dir)) throw new StoreRefusedError(`${dir} is not an artifact folder (it holds other files); not storing there, choose an empty or new folder with --outputs`);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(dir, 0o700);
  const ignore = path.join(dir, '.gitignore');
  try {
    // 'wx' creates the file or fails: it never writes through a link someone left in its place.
    fs.writeFileSync(ignore, IGNORE_ALL, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (!fs.lstatSync(ignore).isFile()) throw new StoreRefusedError(`${ignore} is not a regular file (a link?); not using ${dir} as the artifact store`);
  }
}

/**
 * inspect, list and gc believe what a store holds only when the checks a run makes pass:
 * a store another user could have written to could hold a planted artifact.
 */
export function checkExistingStore(dir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    return; // No store yet: nothing to believe.
  }
  checkOwner(dir, stat);
}

/** The store must be the user's own and closed to others: anyone who can write to it can plant an artifact. */
function checkOwner(dir: string, stat: fs.Stats): void {
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new StoreRefusedError(`${dir} is owned by another user (uid ${stat.uid}); not using it as the artifact store`);
  if ((stat.mode & 0o002) !== 0) throw new StoreRefusedError(`${dir} is writable by others (mode ${(stat.mode & 0o777).toString(8)}); not using it as the artifact store: check what it holds, then chmod 700 it`);
}

/** Opens a file of the store for reading without following a link planted in its place. */
export function openInStore(file: string): number {
  return fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
}

/**
 * A folder is ours when it holds only artifact files (an empty one included), or carries the
 * `.gitignore` of `*` a store gets when it is created.
 */
export function isOurStore(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  if (names.every(isStoreEntry)) return true;
  try {
    const ignore = path.join(dir, '.gitignore');
    return fs.lstatSync(ignore).isFile() && fs.readFileSync(ignore, 'utf8') === IGNORE_ALL;
  } catch {
    return false;
  }
}

/** Deeper than any real outputs path; a walk up that goes further is going nowhere. */
const MAX_DEPTH = 256;

/**
 * `mkdir -p` that cannot hang: Node 20's recursive mkdirSync loops forever on a pseudo-filesystem
 * (/proc answers ENOENT to a mkdir whose parent exists). Walks up to the nearest existing
 * folder, then creates each level once; any surprise is an error, and the output passes through.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (let depth = 0; ; depth++) {
    if (depth > MAX_DEPTH) throw new Error(`cannot create ${dir}: the path is too deep`);
    try {
      if (!fs.statSync(at).isDirectory()) throw new Error(`cannot create ${dir}: ${at} is not a directory`);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) throw new Error(`cannot create ${dir}: no existing parent`);
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      fs.mkdirSync(level, { mode: 0o700 });
    } catch (err) {
      // Another run made it in the meantime: fine, as long as it is a directory now.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(level).isDirectory()) throw err;
    }
  }
}

