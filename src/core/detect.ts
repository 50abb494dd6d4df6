import { UsageError } from '../errors.js';
import { commandWords } from './argv.js';
import { looksLikeData } from './intent.js';
import type { Probe, ReducerClaims } from './types.js';

/** How a reducer was chosen; a guess lowers the packet's confidence. */
export type DetectionSource = 'explicit' | 'claim' | 'content' | 'fallback';

/** `R`: registry rows while the body loads, the reducer itself once it runs. */
export interface Detection<R extends ReducerClaims = ReducerClaims> {
  reducer: R;
  source: DetectionSource;
  score: number;
}

/** Below this a detect() score is a guess not worth more than the generic reducers. */
const MIN_SCORE = 0.5;

/**
 * Picks the reducer: an explicit family, then the longest argv claim (a claim only stands when
 * the content does not clearly belong elsewhere), then the best detect() score, then the generic
 * JSON/diff/text reducers by content.
 */
export function detectReducer<R extends ReducerClaims>(probe: Probe, reducers: readonly R[], family?: string): Detection<R> {
  if (family) return pickFamily(probe, reducers, family);

  const words = commandWords(probe.argv);
  let claimed: { reducer: R; length: number } | null = null;
  for (const reducer of reducers) {
    for (const claim of reducer.claims ?? []) {
      const parts = claim.split(' ');
      if (parts.length <= (claimed?.length ?? 0)) continue;
      if (parts.every((part, i) => words[i] === part)) claimed = { reducer, length: parts.length };
    }
  }

  // The claimed reducer keeps the run unless another is sure and the claimed one is not: when its
  // own score says it is not unsure, no other detect() needs to run (each compiles its regexes).
  const own = claimed ? safeScore(claimed.reducer, probe) : 0;
  if (claimed && own >= 0.3) return { reducer: claimed.reducer, source: 'claim', score: Math.max(own, 0.9) };
  // A run that printed nothing (or only whitespace) has no content to tell a format by: only the
  // reducers that read argv (and text, the fallback) can score it, so the others' detect regexes are
  // not compiled at all. A test holds every other detect() to 0 on a blank probe.
  const blank = isBlank(probe.head) && isBlank(probe.stderrHead);
  const owner = claimed?.reducer;
  const scored = ranked(blank ? reducers.filter((r) => r.readsArgv || r.name === 'text' || r === owner) : reducers, probe);
  const best = scored[0];
  if (claimed && !(best && best.reducer !== claimed.reducer && best.score >= 0.9)) return { reducer: claimed.reducer, source: 'claim', score: Math.max(own, 0.9) };
  if (best && best.score >= MIN_SCORE) return { reducer: best.reducer, source: 'content', score: best.score };
  // Nothing on stdout and nothing sure of the run: a dump of data the tool wrote to stderr alone (a table,
  // pairs: `python -X importtime`) is told by its shape as if it had been printed. A log there stays a run's.
  if (isBlank(probe.head) && !isBlank(probe.stderrHead) && looksLikeData(probe.stderrHead)) {
    const shaped = ranked(reducers, { ...probe, head: probe.stderrHead, stderrHead: '' })[0];
    if (shaped && shaped.score >= MIN_SCORE) return { reducer: shaped.reducer, source: 'content', score: shaped.score };
  }
  const generic = scored.find((s) => s.score > 0 && ['json', 'diff', 'text', 'binary'].includes(s.reducer.name));
  const fallback = generic?.reducer ?? reducers.find((r) => r.name === 'text')!;
  return { reducer: fallback, source: 'fallback', score: generic?.score ?? 0.1 };
}

/** The reducers with their detect() scores on the probe, best first (ties by name). */
function ranked<R extends ReducerClaims>(reducers: readonly R[], probe: Probe): Array<{ reducer: R; score: number }> {
  return reducers.map((reducer) => ({ reducer, score: safeScore(reducer, probe) })).sort((a, b) => b.score - a.score || byName(a.reducer.name, b.reducer.name));
}

/** Throws the usage error for a --family that names no reducer and no family. */
export function assertKnownFamily(family: string, reducers: readonly ReducerClaims[]): void {
  const wanted = family.toLowerCase();
  if (reducers.some((r) => r.name === wanted || r.family === wanted)) return;
  const known = [...new Set(reducers.map((r) => r.family))].sort().join(', ');
  throw new UsageError(`unknown family '${family}' (known: ${known})`);
}

function pickFamily<R extends ReducerClaims>(probe: Probe, reducers: readonly R[], family: string): Detection<R> {
  const wanted = family.toLowerCase();
  const exact = reducers.find((r) => r.name === wanted);
  if (exact) return { reducer: exact, source: 'explicit', score: 1 };
  assertKnownFamily(family, reducers);
  const members = reducers.filter((r) => r.family === wanted);
  const best = ranked(members, probe)[0]!;
  return { reducer: best.reducer, source: 'explicit', score: 1 };
}

/**
 * Names in code-unit order. Reducer and family names are lower-case letters, digits and dashes
 * (the config schema enforces it for families), for which this is localeCompare's order (a test
 * checks), without the ICU collator that a first localeCompare builds at every start.
 */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const isBlank = (text: string): boolean => !/\S/.test(text);

/** A detect() that throws is a reducer bug; it must not take the run down. */
function safeScore(reducer: ReducerClaims, probe: Probe): number {
  try {
    const score = reducer.detect(probe);
    return Number.isFinite(score) ? Math.max(0, Math.min(1, score)) : 0;
  } catch {
    return 0;
  }
}
