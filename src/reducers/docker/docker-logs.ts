/**
 * `docker logs`, `docker run`, `docker exec`: what a container printed, read as a runtime log (external-runtime
 * lane): error windows, first and last lines, repeated lines folded. Client errors such as
 * `Cannot connect to the Docker daemon at unix:///var/run/docker.sock` come through as the first error.
 * Docs: https://docs.docker.com/reference/cli/docker/container/logs/
 */
import type { Reducer } from '../../core/types.js';
import { ProblemLog } from '../generic/log-problems.js';
import { structuredRun } from '../generic/structured-run.js';
import { dockerLogsClaims } from './docker-logs.claims.js';

export const dockerLogsReducer: Reducer = {
  ...dockerLogsClaims,
  version: '1.1.0',
  // The generic log building block: distinct problems once each, with the digest's windows beside them.
  start: (ctx) => structuredRun(ctx, [new ProblemLog()], undefined, 'index'),
};
