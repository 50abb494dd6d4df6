/** What detection reads of `docker-build`, loaded on every run; the body (./docker-build.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const CONTENT = /^#\d+ \[[^\]]+\] |^Step \d+\/\d+ : |^Sending build context to Docker daemon|^#0 building with "|^ERROR: failed to (?:build|solve)/m;

export const dockerBuildClaims: ReducerClaims = {
  name: 'docker-build',
  family: 'docker',
  intent: 'verdict',
  claims: ['docker build', 'docker buildx build', 'docker image build', 'docker builder build', 'docker buildx bake', 'podman build', 'buildah bud', 'buildah build'],
  lane: 'internal',
  detect(probe) {
    const both = probe.head + '\n' + probe.stderrHead;
    if (!CONTENT.test(both)) return 0;
    // Compose prints BuildKit progress too; its own reducer takes those.
    if (/^Attaching to |^ Container \S+ {2}(?:Creat|Start)|^\S+-\d+ +\| /m.test(both)) return 0.3;
    const stepLines = (both.match(/^(?:#\d+ \[|Step \d+\/\d+ : )/gm) ?? []).length;
    return stepLines >= 2 ? 0.9 : 0.6;
  },
};
