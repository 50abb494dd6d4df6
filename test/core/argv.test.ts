import { describe, expect, it } from 'vitest';
import { commandLineArgv, normalizeArgv, printedThroughFilter, shellCommandWords, splitCommand } from '../../src/core/argv.js';
import { detectReducer } from '../../src/core/detect.js';
import { reducers } from '../../src/reducers/registry.js';

const normal = (command: string) => normalizeArgv(splitCommand(command));

describe('a command run elsewhere reads as the command it runs', () => {
  it.each([
    ['docker exec -it app pytest -x', ['pytest', '-x']],
    ['docker exec -u root -w /srv -e CI=1 app npm test', ['npm', 'test']],
    ['docker container exec box cargo test', ['cargo', 'test']],
    ['podman exec box cargo test', ['cargo', 'test']],
    ['docker compose exec -T web python manage.py test', ['python', 'manage.py', 'test']],
    ['docker compose -f ci.yml -p shop run --rm tests go test ./...', ['go', 'test', './...']],
    ['docker-compose run --rm -e CI=1 tests npm test', ['npm', 'test']],
    ['docker run --rm -v /src:/src -w /src golang:1.22 go vet ./...', ['go', 'vet', './...']],
    ['kubectl -n prod exec api-0 -c app -- go test ./...', ['go', 'test', './...']],
    ['oc exec api-0 -- cat /etc/app.yaml', ['cat', '/etc/app.yaml']],
    ['ssh -p 2222 -i key ci@build "cd app && make test"', ['make', 'test']],
    ['ssh build-01 terraform plan', ['terraform', 'plan']],
    ['bash -lc "cd /app && npm test 2>&1 | tee out.log"', ['npm', 'test']],
    ['sh -c "pytest -q > report.txt 2> /dev/null"', ['pytest', '-q']],
    ['sudo docker exec db psql -c "select 1"', ['psql', '-c', 'select 1']],
  ])('%s', (command, want) => {
    expect(normal(command)).toEqual(want);
  });

  it.each([
    // The image's or the session's own output: nothing inner to read.
    ['docker run nginx', ['docker', 'run', 'nginx']],
    ['docker logs api', ['docker', 'logs', 'api']],
    ['docker compose up', ['docker', 'compose', 'up']],
    ['kubectl exec api-0 ls', ['kubectl', 'exec', 'api-0', 'ls']],
    ['ssh host', ['ssh', 'host']],
    ['bash script.sh', ['bash', 'script.sh']],
  ])('%s stays as it is', (command, want) => {
    expect(normal(command)).toEqual(want);
  });

  it('routes the output to the inner tool\'s reader, not the container CLI\'s', () => {
    const head = '============================= test session starts ==============================\nplatform linux -- Python 3.11.2, pytest-7.2.1\ncollected 3 items\n\ntest_x.py .F.                                                            [100%]\n';
    for (const command of ['docker exec app pytest', 'kubectl exec api-0 -- pytest', 'docker compose exec -T web pytest -x']) {
      const detection = detectReducer({ argv: splitCommand(command), head, stderrHead: '' }, reducers);
      expect(detection.reducer.family).toBe('pytest');
    }
  });
});

describe('shellCommandWords', () => {
  it('takes the last command of a chain, before its pipe, without redirections', () => {
    expect(shellCommandWords('cd app && npm ci; npm test -- --runInBand 2>&1 | tee log')).toEqual(['npm', 'test', '--', '--runInBand']);
    expect(shellCommandWords('make >build.log 2>&1')).toEqual(['make']);
    expect(shellCommandWords('go test ./... < /dev/null')).toEqual(['go', 'test', './...']);
  });
  it('keeps operators inside quotes, and passes over commands that only set up or announce', () => {
    expect(shellCommandWords(`python3 -c "import re; print(1)" | head -5`)).toEqual(['python3', '-c', 'import re; print(1)']);
    expect(shellCommandWords(`git log --format='%h|%s' -5`)).toEqual(['git', 'log', '--format=%h|%s', '-5']);
    expect(shellCommandWords('npm test && echo OK')).toEqual(['npm', 'test']);
    expect(shellCommandWords('echo "=== Backend ===" && find backend/src -name "*.ts"')).toEqual(['find', 'backend/src', '-name', '*.ts']);
    expect(shellCommandWords('cd "E:/repo" && docker compose up -d db 2>&1')).toEqual(['docker', 'compose', 'up', '-d', 'db']);
    expect(shellCommandWords('export CI=1\ncargo test')).toEqual(['cargo', 'test']);
    expect(shellCommandWords('sleep 10')).toEqual(['sleep', '10']);
    expect(shellCommandWords('npm ci\nnpx jest \\\n  --ci --coverage')).toEqual(['npx', 'jest', '--ci', '--coverage']);
  });
});

describe('commandLineArgv and printedThroughFilter', () => {
  it('reads a command given as text as a shell line only when it is one', () => {
    expect(commandLineArgv('kubectl logs api-7f9c -n shop')).toEqual(['kubectl', 'logs', 'api-7f9c', '-n', 'shop']);
    expect(commandLineArgv('cd app && npx vitest run 2>&1 | tail -30')).toEqual(['npx', 'vitest', 'run']);
  });
  it('tells a line that printed through a filter', () => {
    expect(printedThroughFilter('cd e2e && npx playwright test 2>&1 | grep -E "(ok|x )" | head -60')).toBe(true);
    expect(printedThroughFilter('cargo test 2>&1 | tail -30')).toBe(true);
    expect(printedThroughFilter('npm test 2>&1 | tail -30 && echo done')).toBe(true);
    expect(printedThroughFilter('npm test 2>&1 | tee test.log')).toBe(false);
    expect(printedThroughFilter('npm test | grep FAIL; npm run build')).toBe(false);
    expect(printedThroughFilter(`grep -E 'a|b' src/app.ts`)).toBe(false);
    expect(printedThroughFilter('npx playwright test')).toBe(false);
  });
});
