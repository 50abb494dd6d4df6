/**
 * `docker logs`, `docker run`, `docker exec`: what a container printed, read as a runtime log (external-runtime
 * lane): error windows, first and last lines, repeated lines folded. Client errors such as
 * `Cannot connect to the Docker daemon at unix:///var/run/docker.sock` come through as the first error.
 * Docs: https://docs.docker.com/reference/cli/docker/container/logs/
 */
import type { Reducer } from '../../core/types.js';
import { LogDigest } from '../generic/log-digest.js';

export const dockerLogsReducer: Reducer = {
  name: 'docker-logs',
  family: 'docker',
  version: '1.0.0',
  claims: ['docker logs', 'docker container logs', 'docker run', 'docker container run', 'docker exec', 'docker container exec', 'docker start', 'podman logs', 'podman run'],
  lane: 'external-runtime',
  detect: () => 0,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    return {
      line: (stream, n, text) => digest.line(stream, n, text),
      finish: (exit) => digest.finish(exit),
    };
  },
};
