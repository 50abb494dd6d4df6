import { describe, expect, it } from 'vitest';
import type { PacketParts } from '../../../src/core/types.js';
import { withStepParts, type StepParts } from '../../../src/reducers/generic/merge-parts.js';

/** A job log's parts with one citation of each kind inside lines 10-50, and one outside them (the runner's set-up). */
function job(): PacketParts {
  return {
    status: 'ok',
    summary: [],
    fields: {},
    citations: [
      { ref: 'c1', stream: 'stdout', from: 1, to: 5, label: 'first lines', priority: 'high' },
      { ref: 'c2', stream: 'stdout', from: 20, to: 20, label: 'result', priority: 'high' },
      { ref: 'c3', stream: 'stdout', from: 30, to: 32, label: 'error', kind: 'error window', priority: 'high' },
      { ref: 'c4', stream: 'stdout', from: 40, to: 40, label: 'the failing step', priority: 'mandatory' },
    ],
    omitted: [],
    confidence: 0.9,
  };
}

function step(exitCode: number | null): StepParts {
  return { label: 'Run go test ./...', command: 'go test ./...', exitCode, lines: { stream: 'stdout', from: 10, to: 50 }, reducer: 'go-test@1.1.5', parts: { status: exitCode ? 'fail' : 'ok', summary: [], fields: {}, citations: [], omitted: [], confidence: 0.9 } };
}

const priorities = (parts: PacketParts) => Object.fromEntries(parts.citations.map((c) => [c.label, c.priority]));

describe('withStepParts: the job log with its steps read again', () => {
  it("inside a passing step, the job's own outcome lines rank below the step's reading; its errors and mandatory lines keep their rank", () => {
    expect(priorities(withStepParts(job(), [step(null)]))).toEqual({ 'first lines': 'low', result: 'low', error: 'high', 'the failing step': 'mandatory' });
  });

  it("inside a failed step, every line the job cited keeps its rank: the job's reader finds failures the step's may not", () => {
    expect(priorities(withStepParts(job(), [step(1)]))).toEqual({ 'first lines': 'low', result: 'high', error: 'high', 'the failing step': 'mandatory' });
  });
});
