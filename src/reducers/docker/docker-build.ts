/**
 * `docker build`, `docker buildx build`, `podman build`: the failing step, its command and error
 * (`#14 [builder 4/4] RUN npm run build` ... `ERROR: failed to solve: process "/bin/sh -c npm run build"
 * did not complete successfully: exit code: 1`, `Dockerfile:30`), cached steps folded into counts,
 * the image id and tags on success. Docs: https://docs.docker.com/build/building/best-practices/
 */
import type { Reducer } from '../../core/types.js';
import { DockerBuildLog } from './docker-build-log.js';
import { reduceBuild } from './docker-build-parts.js';
import { LogDigest } from '../generic/log-digest.js';
import { dockerComposeReducer } from './docker-compose.js';

const COMPOSE_MARK = /^Attaching to |^\S+ exited with code \d+$|^ (?:Container|Network) \S+ {2}(?:Creat|Start)/;
const CONTENT = /^#\d+ \[[^\]]+\] |^Step \d+\/\d+ : |^Sending build context to Docker daemon|^#0 building with "|^ERROR: failed to (?:build|solve)/m;

export const dockerBuildReducer: Reducer = {
  name: 'docker-build',
  family: 'docker',
  intent: 'verdict',
  version: '1.0.0',
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
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const log = new DockerBuildLog();
    // A compose run can open with a long build: past the first KiB its service output shows, and compose reads it all.
    const compose = dockerComposeReducer.start(ctx);
    let composeLines = 0;
    return {
      line(stream, n, text) {
        compose.line(stream, n, text);
        if (COMPOSE_MARK.test(text)) composeLines++;
        digest.line(stream, n, text);
        log.line(stream, n, text);
      },
      finish(exit) {
        if (composeLines > 0) return compose.finish(exit);
        if (log.recognised === 0) return digest.finish(exit);
        return reduceBuild(log, digest, exit);
      },
    };
  },
};
