/**
 * Any other docker or podman command (`version`, `info`, `inspect`, `network ls`, `volume ls`,
 * `system df`, `images` against an unreachable host) and the client's own errors (`Cannot connect to
 * the Docker daemon`, `error during connect`, `Error response from daemon:`). Tables, records and
 * lists are read by the generic structure scanners, JSON (`inspect`) as a document, errors by the
 * digest; the packet names the docker family. Docs: https://docs.docker.com/reference/cli/docker/
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { dockerCliClaims } from './docker-cli.claims.js';

export const dockerCliReducer = familyAnswerReducer({
  ...dockerCliClaims,
  version: '1.0.0',
});
