/**
 * Agents run shell lines, not bare commands (`cd repo && docker compose up -d db 2>&1`, `npx playwright test
 * 2>&1 | grep -E "ok|x "`). A line handed over with `--command` is read as the command whose output it
 * prints, and output the line cut through a filter is an answer to read, not a run to judge.
 */
import { describe, expect, it } from 'vitest';
import { reduce, tempFolders } from './cli-run.js';

const folder = tempFolders('shell-line');

/** docker compose pulling an image: 500 lines of layer progress, each led by a hex layer id (git log --oneline's shape). */
function composePull(): string {
  const layers = ['4a8dcc9ff6fd', 'bf295aa7a64c', 'bfb0a9f61bdf', 'e0210f91556c', 'd513847b8a76', 'fffbff44edaf'];
  const lines = [' Image postgres:16-alpine Pulling '];
  for (let i = 0; i < 500; i++) lines.push(` ${layers[i % 6]} Downloading ${(1 + i / 50).toFixed(3)}MB`);
  lines.push(' Image postgres:16-alpine Pulled ', ' Network repo_default Creating ', ' Network repo_default Created ', ' Container repo-db-1 Creating ', ' Container repo-db-1 Created ', ' Container repo-db-1 Starting ', ' Container repo-db-1 Started ');
  return lines.join('\n') + '\n';
}

describe('a shell line given with --command', () => {
  it('is read as its last command: docker compose, not a git log of layer ids', () => {
    const r = reduce(['--json', '--command', 'cd "E:/repo" && docker compose up -d db 2>&1'], { cwd: folder(), input: composePull() });
    expect(r.status).toBe(0);
    const packet = JSON.parse(r.out);
    expect(packet.family).toBe('docker');
    expect(packet.intent).toBe('verdict');
  });

  it('that prints through a filter is an answer, shown whole when it fits', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `  ${i % 9 === 4 ? 'x ' : 'ok'} ${i + 1} [chromium] › tests/0${i % 8}-flow.spec.ts:${10 + i}:7 › Flow › step ${i} works (${200 + i}ms)`).join('\n') + '\n';
    const line = 'cd e2e && npx playwright test 2>&1 | grep -E "(ok|x )" | head -60';
    const r = reduce(['--command', line], { cwd: folder(), input: rows });
    expect(r.status).toBe(0);
    expect(r.out).toContain(rows);
    const judged = reduce(['--json', '--command', 'cd e2e && npx playwright test 2>&1'], { cwd: folder(), input: rows });
    expect(JSON.parse(judged.out).intent).toBe('verdict');
  });
});
