/**
 * The outputs directory is the most sensitive store on the machine: it is kept private to its owner.
 * `reduce gc` checks it and repairs what is too open: the directory 0700, every file in it 0600.
 * Symbolic links are never followed, and files of other users are left alone (and reported).
 * Only the store's own entries are touched: a folder that also holds other files keeps its modes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isStoreEntry } from '../store/ids.js';
import { isOurStore } from '../store/outputs-dir.js';

export interface PermissionReport {
  /** Paths whose mode was tightened. */
  repaired: string[];
  /** Paths too open that could not be repaired (other owner, or chmod failed). */
  failed: string[];
}

export function repairPermissions(dir: string, dryRun = false, removed: ReadonlySet<string> = new Set()): PermissionReport {
  const report: PermissionReport = { repaired: [], failed: [] };
  const uid = process.getuid?.();
  const fix = (file: string, stat: fs.Stats, mode: number): void => {
    if ((stat.mode & 0o777 & ~mode) === 0) return;
    if (uid !== undefined && stat.uid !== uid) {
      report.failed.push(file);
      return;
    }
    try {
      if (!dryRun) fs.chmodSync(file, mode);
      report.repaired.push(file);
    } catch {
      report.failed.push(file);
    }
  };
  let dirStat: fs.Stats;
  try {
    dirStat = fs.lstatSync(dir);
  } catch {
    return report;
  }
  if (!dirStat.isDirectory()) return report;
  if (isOurStore(dir)) fix(dir, dirStat, 0o700);
  for (const name of fs.readdirSync(dir)) {
    // gc --dry-run passes what gc would remove first, so both report the same paths.
    if (!isStoreEntry(name) || removed.has(name)) continue;
    const file = path.join(dir, name);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      continue;
    }
    if (stat.isFile()) fix(file, stat, 0o600);
  }
  return report;
}
