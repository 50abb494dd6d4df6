import { describe, expect, it } from 'vitest';
import { defaultLaneFor, isTainted, resolveLane } from '../../src/safety/lanes.js';

describe('trust lanes', () => {
  it.each([
    ['gh', ['gh', 'issue', 'view', '12'], 'external-untrusted'],
    ['gh', ['gh', 'pr', 'view', '38', '--json', 'comments'], 'external-untrusted'],
    ['gh', ['gh', 'api', 'repos/a/b/issues'], 'external-untrusted'],
    ['gh', ['gh', '-R', 'a/b', 'issue', 'list'], 'external-untrusted'],
    ['gh', ['gh', 'run', 'view', '--log-failed'], 'external-runtime'],
    ['gh', ['gh', 'run', 'list'], 'external-untrusted'],
    ['gh', ['gh', 'pr', 'checks'], 'external-runtime'],
    ['curl', ['curl', '-s', 'https://example.com'], 'external-untrusted'],
    ['http', ['/usr/local/bin/http', 'GET', 'example.com'], 'external-untrusted'],
    ['wget', ['sudo', 'wget', '-qO-', 'https://example.com'], 'external-untrusted'],
    ['npm', ['npm', 'view', 'left-pad', 'readme'], 'external-untrusted'],
    ['git', ['git', 'log', '--stat'], 'external-untrusted'],
    ['git', ['git', '-C', 'repo', 'show', 'HEAD'], 'external-untrusted'],
    ['git', ['git', 'status'], 'internal'],
    ['git', ['git', 'diff'], 'internal'],
    ['kubectl', ['kubectl', 'logs', 'api-7f9c'], 'external-runtime'],
    ['kubectl', ['kubectl', '-n', 'prod', 'describe', 'pod', 'x'], 'external-runtime'],
    ['kubectl', ['kubectl', 'config', 'view'], 'internal'],
    ['docker', ['docker', 'logs', 'web'], 'external-runtime'],
    ['docker', ['docker', 'compose', 'up', '--build'], 'external-runtime'],
    ['docker', ['docker', 'compose', '-f', 'dev.yml', 'logs'], 'external-runtime'],
    ['docker', ['docker', 'build', '.'], 'internal'],
    ['journalctl', ['journalctl', '-u', 'nginx'], 'external-runtime'],
    ['aws', ['aws', 'ec2', 'describe-instances'], 'external-runtime'],
    ['npm', ['npm', 'test'], 'internal'],
    ['pytest', ['python', '-m', 'pytest', '-q'], 'internal'],
    ['vitest', ['npx', 'vitest', 'run'], 'internal'],
    ['cargo', ['cargo', 'test'], 'internal'],
    ['terraform', ['terraform', 'plan'], 'internal'],
    ['helm', ['helm', 'lint', '.'], 'internal'],
    ['go', ['go', 'test', './...'], 'internal'],
  ] as const)('%s %j -> %s', (family, argv, lane) => {
    expect(defaultLaneFor(family, argv)).toBe(lane);
  });

  it('falls back on the family in pipe mode, and to external-runtime when nothing is known', () => {
    expect(defaultLaneFor('kubectl', [])).toBe('external-runtime');
    expect(defaultLaneFor('pytest', [])).toBe('internal');
    expect(defaultLaneFor('text', [])).toBe('external-runtime');
    expect(defaultLaneFor('generic', ['./some-script.sh'])).toBe('external-runtime');
    expect(defaultLaneFor('pytest', ['./run-tests.sh'])).toBe('internal');
  });

  it('lets the flag beat the config, the config the reducer, the reducer the table', () => {
    const argv = ['kubectl', 'logs', 'x'];
    expect(resolveLane({ family: 'kubectl', argv })).toBe('external-runtime');
    expect(resolveLane({ family: 'git', argv: [], reducerLane: 'external-untrusted' })).toBe('external-untrusted');
    expect(resolveLane({ family: 'kubectl', argv: ['kubectl', 'get', 'pods'], reducerLane: 'internal' })).toBe('internal');
    expect(resolveLane({ family: 'kubectl', argv, config: { kubectl: 'internal' } })).toBe('internal');
    expect(resolveLane({ family: 'kubectl', argv, config: { kubectl: 'internal' }, flag: 'external-untrusted' })).toBe('external-untrusted');
  });

  it("takes no lane from a reducer the output's shape chose: the command decides, unknown sources are external-runtime", () => {
    // kubectl logs --timestamps reads like a CI log; the ci-log reducer's internal lane must not apply.
    expect(resolveLane({ family: 'ci', argv: ['kubectl', 'logs', 'x', '--timestamps'], reducerLane: 'internal', chosenBy: 'content' })).toBe('external-runtime');
    expect(resolveLane({ family: 'ci', argv: ['tail', '-f', 'app.log'], reducerLane: 'internal', chosenBy: 'content' })).toBe('external-runtime');
    expect(resolveLane({ family: 'ci', argv: [], reducerLane: 'internal', chosenBy: 'content' })).toBe('external-runtime');
    expect(resolveLane({ family: 'pytest', argv: ['./run-tests.sh'], reducerLane: 'internal', chosenBy: 'content' })).toBe('external-runtime');
    // The command still speaks: npm test read by the vitest reducer stays internal, git log untrusted.
    expect(resolveLane({ family: 'vitest', argv: ['npm', 'test'], reducerLane: 'internal', chosenBy: 'content' })).toBe('internal');
    expect(resolveLane({ family: 'text', argv: ['git', 'log'], chosenBy: 'content' })).toBe('external-untrusted');
    expect(resolveLane({ family: 'ci', argv: [], reducerLane: 'internal', chosenBy: 'content', flag: 'internal' })).toBe('internal');
  });

  it('taints every lane but internal', () => {
    expect(isTainted('internal')).toBe(false);
    expect(isTainted('external-runtime')).toBe(true);
    expect(isTainted('external-untrusted')).toBe(true);
  });
});
