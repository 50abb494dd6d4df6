/** What detection reads of `docker-compose`, loaded on every run; the body (./docker-compose.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { commandWords } from '../../core/argv.js';

export const CONTENT = /^Attaching to |^\S+-\d+\s+\| |^\S+ exited with code \d+|^ (?:Container|Network) \S+ {2}(?:Creat|Start|Runn|Stopp)|^\s*[✔✘] (?:Container|Network) /m;

export const dockerComposeClaims: ReducerClaims = {
  name: 'docker-compose',
  family: 'docker',
  claims: ['docker compose up', 'docker-compose up', 'docker compose logs', 'docker-compose logs', 'docker compose run', 'docker-compose run', 'docker compose start', 'docker compose restart', 'docker compose down', 'docker-compose down', 'podman-compose up', 'podman compose up'],
  lane: 'external-runtime',
  readsArgv: true,
  detect(probe) {
    const words = commandWords(probe.argv);
    if ((words[0] === 'docker' && words[1] === 'compose') || words[0] === 'docker-compose' || words[0] === 'podman-compose') return 0.95;
    const both = probe.head + '\n' + probe.stderrHead;
    const serviceLines = (both.match(/^\S+-\d+\s+\| /gm) ?? []).length;
    if (/^Attaching to /m.test(both) || serviceLines >= 3) return 0.9;
    // Compose builds through bake: its BuildKit log opens with the bake definitions.
    if (/^#\d+ \[internal\] load local bake definitions/m.test(both)) return 0.92;
    return CONTENT.test(both) ? 0.6 : 0;
  },
};
