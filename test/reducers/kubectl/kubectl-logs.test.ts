import { describe, expect, it } from 'vitest';
import { kubectlLogsReducer } from '../../../src/reducers/kubectl/kubectl-logs.js';
import { run, text } from './kube-helpers.js';

describe('kubectl-logs', () => {
  it('detects JSON logs written by a pod (hostname is a pod name) and --prefix output', () => {
    const pino = Array.from({ length: 4 }, (_, i) => `{"level":30,"time":${1742277257530 + i},"pid":1,"hostname":"backend-66468d89c8-sxrjj","msg":"request ${i}"}`).join('\n');
    expect(kubectlLogsReducer.detect({ argv: [], head: pino, stderrHead: '' })).toBeGreaterThanOrEqual(0.5);
    expect(kubectlLogsReducer.detect({ argv: [], head: '[pod/api-1/app] started\n[pod/api-1/app] ready\n', stderrHead: '' })).toBeGreaterThanOrEqual(0.5);
    expect(kubectlLogsReducer.detect({ argv: [], head: '{"level":30,"hostname":"laptop","msg":"a"}\n{"level":30,"hostname":"laptop","msg":"b"}\n{"level":30,"hostname":"laptop","msg":"c"}\n', stderrHead: '' })).toBe(0);
  });

  it('names the pod, container and previous instance and keeps error windows', () => {
    const parts = run(kubectlLogsReducer, ['kubectl', 'logs', 'api-7f9c6d8b4-x2x9z', '-c', 'app', '--previous'], 'starting\nready\npanic: runtime error: invalid memory address or nil pointer dereference\n\tmain.go:42\n');
    expect(parts.fields).toMatchObject({ pod: 'api-7f9c6d8b4-x2x9z', container: 'app', previous: true });
    expect(text(parts)).toContain('logs of api-7f9c6d8b4-x2x9z container app (previous, terminated instance)');
    expect(parts.status).toBe('fail');
  });

  it('makes kubectl errors the outcome', () => {
    const parts = run(kubectlLogsReducer, ['kubectl', 'logs', 'api-1'], '', { stderr: 'Error from server (BadRequest): container "app" in pod "api-1" is waiting to start: trying and failing to pull image\n', exit: 1 });
    expect(parts.status).toBe('fail');
    expect(parts.citations.some((c) => c.priority === 'mandatory' && c.stream === 'stderr')).toBe(true);
  });

  it('counts JSON log levels and cites JSON error lines without their neighbours', () => {
    const lines = [];
    for (let i = 0; i < 20; i++) lines.push(`{"level":30,"time":${i},"hostname":"api-7f9c6d8b4-x2x9z","msg":"request completed","res":{"statusCode":200}}`);
    lines.splice(10, 0, '{"level":50,"time":10,"hostname":"api-7f9c6d8b4-x2x9z","err":{"type":"TypeError","message":"fetch failed: getaddrinfo EAI_AGAIN auth"},"msg":"request errored"}');
    const parts = run(kubectlLogsReducer, [], lines.join('\n') + '\n');
    expect(parts.fields.levels).toEqual({ error: 1, info: 20 });
    expect(parts.citations.find((c) => c.label?.startsWith('error'))).toMatchObject({ from: 11, to: 11 });
  });

  it('folds an error window that is one message repeated line after line', () => {
    const lines = ['boot', 'ready'];
    for (let i = 0; i < 40; i++) lines.push(`Connection error: host db.svc: lookup failed (attempt ${i}) - Time: 13:${String(i).padStart(2, '0')}`);
    lines.push('shutting down');
    const parts = run(kubectlLogsReducer, ['kubectl', 'logs', 'client'], lines.join('\n') + '\n');
    const window = parts.citations.find((c) => c.label?.startsWith('error'));
    expect(window).toMatchObject({ from: 1, to: 4 });
    expect(window!.label).toMatch(/the next \d+ lines repeat the same message$/);
  });

  it('shows a tail that repeats one message by its last two lines', () => {
    const lines = ['boot'];
    for (let i = 0; i < 30; i++) lines.push(`Connection error: host db-${i % 1}.svc: lookup failed (attempt ${i})`);
    const parts = run(kubectlLogsReducer, ['kubectl', 'logs', 'client'], lines.join('\n') + '\n');
    const tail = parts.citations.find((c) => c.label?.startsWith('last lines'));
    expect(tail).toMatchObject({ from: 30, to: 31 });
  });
});
