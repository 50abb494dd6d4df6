/** What detection reads of `gh-api`, loaded on every run; the body (./gh-api.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { githubJsonScore } from './github-json.js';

export const ghApiClaims: ReducerClaims = {
  name: 'gh-api',
  family: 'gh',
  intent: 'answer',
  claims: ['gh api'],
  lane: 'external-untrusted',
  detect: (probe) => githubJsonScore(probe.head),
};
