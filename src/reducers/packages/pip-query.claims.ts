/** What detection reads of `pip-query`, loaded on every run; the body (./pip-query.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';

/** A requirements line as `pip freeze` prints it: `name==1.2.3`, `name @ file:///…`, `-e git+…`. */
export const FREEZE = /^(?:[A-Za-z0-9][\w.-]*(?:\[[\w,.-]+\])?(?:==\S+| @ \S+)|-e \S+)$/;

export const LIST_HEADER = /^Package\s+Version(?:\s+\S+)*\n-{3,}\s+-{3,}/m;

export const SHOW = /^Name: \S+\nVersion: \S+\nSummary: /m;

export function pipScore(probe: Probe): number {
  if (LIST_HEADER.test(probe.head) || SHOW.test(probe.head)) return 0.65;
  const lines = probe.head.split('\n', 41).slice(0, 40).filter((l) => l.trim() !== '');
  return lines.length >= 3 && lines.filter((l) => FREEZE.test(l)).length >= lines.length * 0.9 ? 0.6 : 0;
}

export const pipQueryClaims: ReducerClaims = {
  name: 'pip-query',
  family: 'pip',
  intent: 'answer',
  claims: ['pip list', 'pip3 list', 'pip freeze', 'pip3 freeze', 'pip show', 'pip3 show', 'pip inspect', 'pip3 inspect', 'pip index', 'pip3 index', 'pipdeptree', 'uv pip list', 'uv pip freeze', 'uv pip show', 'uv pip tree', 'uv tree'],
  lane: 'internal',
  detect: pipScore,
};
