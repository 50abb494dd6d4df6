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
import { dockerBuildClaims } from './docker-build.claims.js';

const BUILDKIT_SECONDS = /^(#\d+ )\d+\.\d+(?: |$)/;
const COMPOSE_MARK = /^Attaching to |^\S+ exited with code \d+$|^ (?:Container|Network) \S+ {2}(?:Creat|Start)/;

export const dockerBuildReducer: Reducer = {
  ...dockerBuildClaims,
  version: '1.0.2',
  // An excerpt shows a BuildKit line without its seconds (`#12 3.118 x` as `#12 x`): the step stays named, the
  // time is display; the artifact keeps the line whole.
  excerptLine: (text) => text.replace(BUILDKIT_SECONDS, '$1'),
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
      // Each failed RUN step (or the last one, when the build passed) is read again by its command's reducer.
      steps: () => (composeLines > 0 || log.recognised === 0 ? [] : log.stepSpans()),
      finish(exit) {
        if (composeLines > 0) return compose.finish(exit);
        if (log.recognised === 0) return digest.finish(exit);
        return reduceBuild(log, digest, exit);
      },
    };
  },
};
