/** What detection reads of `docker-ps`, loaded on every run; the body (./docker-ps.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const PS_HEADER = /^(?:CONTAINER ID|NAME)\s{2,}IMAGE\s{2,}.*STATUS/;

export const IMAGES_HEADER = /^(?:REPOSITORY|IMAGE)\s{2,}(?:TAG|ID)\s{2,}/;

export const dockerPsClaims: ReducerClaims = {
  name: 'docker-ps',
  family: 'docker',
  intent: 'answer',
  claims: ['docker ps', 'docker container ls', 'docker container list', 'docker container ps', 'docker compose ps', 'docker-compose ps', 'docker images', 'docker image ls', 'docker image list', 'podman ps', 'podman images'],
  lane: 'internal',
  detect: (probe) => (PS_HEADER.test(probe.head) || IMAGES_HEADER.test(probe.head) ? 0.9 : 0),
};
