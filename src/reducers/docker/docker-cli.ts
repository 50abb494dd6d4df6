/**
 * Any other docker or podman command (`version`, `info`, `inspect`, `network ls`, `volume ls`,
 * `system df`, `images` against an unreachable host) and the client's own errors (`Cannot connect to
 * the Docker daemon`, `error during connect`, `Error response from daemon:`). Tables, records and
 * lists are read by the generic structure scanners, JSON (`inspect`) as a document, errors by the
 * digest; the packet names the docker family. Docs: https://docs.docker.com/reference/cli/docker/
 */
import type { Probe } from '../../core/types.js';
import { familyAnswerReducer } from '../generic/best-structure.js';

/** What only the docker client prints when it cannot do what it was asked. */
const CLIENT_ERROR = /^(?:Cannot connect to the Docker daemon at |error during connect: |Error response from daemon: |docker: (?:Error|error|'\S+' is not a docker command)|(?:Error|error): Cannot connect to the Docker daemon|permission denied while trying to connect to the Docker daemon)/m;

export const dockerCliReducer = familyAnswerReducer({
  name: 'docker-cli',
  family: 'docker',
  version: '1.0.0',
  claims: ['docker', 'podman', 'docker-compose'],
  lane: 'internal',
  detect: (probe: Probe) => (CLIENT_ERROR.test(probe.stderrHead) || CLIENT_ERROR.test(probe.head) ? 0.7 : 0),
});
