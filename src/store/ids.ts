import { randomHex } from './node-crypto.js';

/** Ids look like `20261121-210501-kubectl-3f9a2c`: UTC time to the second, the family, 6 random hex digits. */
const ID_PATTERN = /^\d{8}-\d{6}-[a-z0-9][a-z0-9-]{0,39}-[0-9a-f]{6}$/;

/** Characters an id or id prefix may hold: anything else (a slash, a dot) could leave the outputs directory. */
const SAFE_ID_CHARS = /^[A-Za-z0-9-]+$/;

/** The files of one artifact: its metadata and its two streams. */
export const ARTIFACT_SUFFIXES = ['.json', '.stdout', '.stderr'] as const;

export function makeId(createdAt: Date, family: string): string {
  const iso = createdAt.toISOString(); // 2026-11-21T21:05:01.123Z
  const stamp = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return `${stamp}-${safeFamily(family)}-${randomHex(3)}`;
}

/** Family names come from config too; keep the id filename-safe whatever they hold. */
export function safeFamily(family: string): string {
  const cleaned = family.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return cleaned || 'text';
}

export function isId(text: string): boolean {
  return ID_PATTERN.test(text);
}

export function isSafeIdQuery(text: string): boolean {
  return SAFE_ID_CHARS.test(text);
}

/** The id an artifact file belongs to (`<id>.json|.stdout|.stderr`), or null for any other name. */
export function artifactIdOf(name: string): string | null {
  const suffix = ARTIFACT_SUFFIXES.find((s) => name.endsWith(s));
  if (!suffix) return null;
  const id = name.slice(0, -suffix.length);
  return isId(id) ? id : null;
}

/**
 * Names a store of ours holds: artifact files, temp files of runs in progress and the `.gitignore`.
 * Nothing else in an outputs directory is ever removed, listed or re-moded.
 */
export function isStoreEntry(name: string): boolean {
  return name === '.gitignore' || name.startsWith('.partial-') || artifactIdOf(name) !== null;
}
