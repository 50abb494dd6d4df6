import fs from 'node:fs';
import path from 'node:path';
import { META_SUFFIX, listIds, readMetadata } from './artifact-store.js';

export interface GcPlan {
  /** Artifacts to remove, with why. */
  remove: Array<{ id: string; bytes: number; reason: 'expired' | 'older-than' | 'size-cap' }>;
  /** Files named like an artifact whose metadata is not ours: never removed, only reported. */
  skipped: string[];
  /** Leftover temp files of runs that died mid-way. */
  partials: string[];
  keptBytes: number;
}

const PARTIAL_GRACE_MS = 24 * 3_600_000;

/**
 * Decides what `gc` removes: artifacts past their own retention (or older than `olderThanMs`),
 * then the oldest ones until the directory fits `maxBytes`. Pure but for reading the directory.
 */
export function planGc(dir: string, now: number, olderThanMs: number | null, maxBytes: number | null): GcPlan {
  const entries: Array<{ id: string; bytes: number; created: number; expires: number }> = [];
  const skipped: string[] = [];
  for (const id of listIds(dir)) {
    try {
      const meta = readMetadata(dir, id);
      entries.push({ id, bytes: artifactBytes(dir, id), created: Date.parse(meta.createdAt), expires: Date.parse(meta.retention.expiresAt) });
    } catch {
      // Not metadata we wrote (or unreadable): whatever it is, it is not ours to delete.
      skipped.push(id + META_SUFFIX);
    }
  }
  const remove: GcPlan['remove'] = [];
  const keep: typeof entries = [];
  for (const entry of entries) {
    if (olderThanMs !== null && now - entry.created > olderThanMs) remove.push({ id: entry.id, bytes: entry.bytes, reason: 'older-than' });
    else if (olderThanMs === null && entry.expires <= now) remove.push({ id: entry.id, bytes: entry.bytes, reason: 'expired' });
    else keep.push(entry);
  }
  keep.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  let keptBytes = keep.reduce((a, e) => a + e.bytes, 0);
  while (maxBytes !== null && keptBytes > maxBytes && keep.length > 0) {
    const oldest = keep.shift()!;
    remove.push({ id: oldest.id, bytes: oldest.bytes, reason: 'size-cap' });
    keptBytes -= oldest.bytes;
  }
  const partials: string[] = [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    names = [];
  }
  for (const name of names) {
    if (!name.startsWith('.partial-')) continue;
    try {
      if (now - fs.statSync(path.join(dir, name)).mtimeMs > PARTIAL_GRACE_MS) partials.push(name);
    } catch {
      // Gone already.
    }
  }
  return { remove, skipped, partials, keptBytes };
}

export function applyGc(dir: string, plan: GcPlan): void {
  for (const { id } of plan.remove) {
    // Metadata first: an artifact without it is invisible, never half-listed.
    fs.rmSync(path.join(dir, id + META_SUFFIX), { force: true });
    for (const stream of ['stdout', 'stderr']) fs.rmSync(path.join(dir, `${id}.${stream}`), { force: true });
  }
  for (const name of plan.partials) fs.rmSync(path.join(dir, name), { force: true });
}

function artifactBytes(dir: string, id: string): number {
  let total = 0;
  for (const suffix of [META_SUFFIX, '.stdout', '.stderr']) {
    try {
      total += fs.statSync(path.join(dir, id + suffix)).size;
    } catch {
      // Not every artifact has every file.
    }
  }
  return total;
}
