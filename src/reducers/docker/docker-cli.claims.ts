/** What detection reads of `docker-cli`, loaded on every run; the body (./docker-cli.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';

/** What only the docker client prints when it cannot do what it was asked. */
export const CLIENT_ERROR = /^(?:Cannot connect to the Docker daemon at |error during connect: |Error response from daemon: |docker: (?:Error|error|'\S+' is not a docker command)|(?:Error|error): Cannot connect to the Docker daemon|permission denied while trying to connect to the Docker daemon)/m;

export const dockerCliClaims: ReducerClaims = {
  name: 'docker-cli',
  family: 'docker',
  claims: ['docker', 'podman', 'docker-compose'],
  lane: 'internal',
  detect: (probe: Probe) => (CLIENT_ERROR.test(probe.stderrHead) || CLIENT_ERROR.test(probe.head) ? 0.7 : 0),
};
