/** What detection reads of `docker-logs`, loaded on every run; the body (./docker-logs.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const dockerLogsClaims: ReducerClaims = {
  name: 'docker-logs',
  family: 'docker',
  claims: ['docker logs', 'docker container logs', 'docker run', 'docker container run', 'docker exec', 'docker container exec', 'docker start', 'podman logs', 'podman run'],
  lane: 'external-runtime',
  detect: () => 0,
};
