import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { removeFile } from './artifact-file.js';
import { isId, isSafeIdQuery, makeId } from './ids.js';
import { randomHex } from './node-crypto.js';
import type { ArtifactMeta } from './metadata.js';
import { openInStore } from './outputs-dir.js';

export const META_SUFFIX = '.json';

/** A private temp name in the outputs directory for a stream still being written. */
export function tempStreamPath(dir: string, stream: string): string {
  return path.join(dir, `.partial-${process.pid}-${randomHex(6)}.${stream}`);
}

/**
 * Gives the temp files their final names under a fresh id. The id is claimed by creating
 * `<id>.json` exclusively, holding a small placeholder (`placeholder(id)`: the streams' facts, no
 * packet), before the streams are linked: so a store that fills up before the full metadata is
 * written still has an artifact that inspect, list and gc know. `link` and 'wx' fail when the
 * name exists, so two processes can never take the same id; on a clash a new suffix is drawn.
 */
export function claimId(dir: string, createdAt: Date, family: string, temps: Record<string, string | null>, placeholder: (id: string) => ArtifactMeta): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = makeId(createdAt, family);
    const metaFile = path.join(dir, id + META_SUFFIX);
    try {
      fs.writeFileSync(metaFile, JSON.stringify(placeholder(id)) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue; // Another run's id: not ours to touch.
      removeFile(metaFile); // Made, then no room to fill it.
      throw err;
    }
    const linked: string[] = [metaFile];
    try {
      for (const [stream, temp] of Object.entries(temps)) {
        if (!temp) continue;
        const final = path.join(dir, `${id}.${stream}`);
        fs.linkSync(temp, final);
        linked.push(final);
      }
      for (const temp of Object.values(temps)) if (temp) removeFile(temp);
      return id;
    } catch (err) {
      for (const file of linked) removeFile(file);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error('could not find a free artifact id after 20 attempts');
}

/** Replaces `<id>.json` through a temp file and a rename, so readers never see half a file; a failed write leaves no temp behind. */
export function writeMetadata(dir: string, meta: ArtifactMeta): void {
  const final = path.join(dir, meta.id + META_SUFFIX);
  const temp = path.join(dir, `.partial-${process.pid}-${randomHex(6)}.json`);
  try {
    fs.writeFileSync(temp, JSON.stringify(meta) + '\n', { mode: 0o600 });
    fs.renameSync(temp, final);
  } catch (err) {
    removeFile(temp);
    throw err;
  }
}

export function readMetadata(dir: string, id: string): ArtifactMeta {
  const file = path.join(dir, id + META_SUFFIX);
  let text: string;
  try {
    const fd = openInStore(file);
    try {
      text = fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new UsageError(`${file} is a link; links in the store are not followed`);
    throw new UsageError(`no artifact '${id}' in ${dir}`);
  }
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    throw new UsageError(`artifact metadata ${file} is not valid JSON`);
  }
  if (!isOurMetadata(meta, id)) throw new UsageError(`${file} is not reduce's artifact metadata`);
  return meta;
}

/** Metadata we wrote: our schema and the id its file is named after (a `package.json` is neither). */
function isOurMetadata(meta: unknown, id: string): meta is ArtifactMeta {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Partial<ArtifactMeta>;
  return m.schema === 'reduce.artifact/1' && m.id === id && typeof m.createdAt === 'string' && typeof m.streams?.stdout === 'object';
}

/** Ids of all artifacts with a metadata file named like an id, oldest first (other `.json` files are not ours). */
export function listIds(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(META_SUFFIX) && !name.startsWith('.'))
    .map((name) => name.slice(0, -META_SUFFIX.length))
    .filter(isId)
    .sort();
}

/**
 * Resolves what a user typed to one id: `last`, a full id, or a unique prefix.
 * Anything with path characters is refused before touching the file system.
 */
export function resolveId(dir: string, query: string): string {
  if (!isSafeIdQuery(query)) throw new UsageError(`invalid artifact id '${query}': ids hold only letters, digits and '-'`);
  const ids = listIds(dir);
  if (query === 'last') {
    const newest = newestId(dir, ids);
    if (!newest) throw new UsageError(`no artifacts in ${dir}`);
    return newest;
  }
  if (ids.includes(query)) return query;
  const matches = ids.filter((id) => id.startsWith(query));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new UsageError(`artifact id prefix '${query}' is ambiguous (${matches.length} matches)`);
  throw new UsageError(`no artifact '${query}' in ${dir}`);
}

/** Ids sort to the second; within a second the metadata's createdAt decides. */
function newestId(dir: string, ids: string[]): string | undefined {
  const lastSecond = ids.at(-1)?.slice(0, 15);
  const candidates = ids.filter((id) => id.slice(0, 15) === lastSecond);
  let best: { id: string; at: string } | undefined;
  for (const id of candidates) {
    let at = '';
    try {
      at = readMetadata(dir, id).createdAt;
    } catch {
      continue;
    }
    if (!best || at > best.at || (at === best.at && id > best.id)) best = { id, at };
  }
  return best?.id ?? ids.at(-1);
}

export function streamPath(dir: string, id: string, stream: 'stdout' | 'stderr'): string {
  return path.join(dir, `${id}.${stream}`);
}
