/**
 * `reduce mcp`: in-process over InMemoryTransport (list, run, inspect, search, text, bad input) and
 * over stdio against the built CLI, as a host starts it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../src/integrations/mcp/server.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(__dirname, '../..');
let work: string;
let client: Client;

type ToolResult = { content: Array<{ type: string; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };
const textOf = (r: ToolResult): string => r.content.map((c) => c.text).join('');

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-mcp-'));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1' });
  await Promise.all([buildServer({ cwd: work, version: '9.9.9' }).connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('reduce mcp in-process', () => {
  it('lists four tools with honest annotations and output schemas', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['reduce_inspect', 'reduce_run', 'reduce_search', 'reduce_text']);
    expect(byName.reduce_run!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(byName.reduce_inspect!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.reduce_search!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.reduce_run!.outputSchema?.properties).toHaveProperty('exitCode');
    expect(byName.reduce_search!.outputSchema?.properties).toHaveProperty('matches');
  });

  it('runs a failing command: packet text, structured content, exit code, isError', async () => {
    const r = (await client.callTool({ name: 'reduce_run', arguments: { command: 'for i in $(seq 1 3000); do echo "row $i"; done; echo "Error: disk quota exceeded" >&2; exit 3' } })) as ToolResult;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ exitCode: 3, signal: null, timedOut: false });
    expect(textOf(r)).toContain('exit 3');
    expect(textOf(r)).toContain('disk quota exceeded');
    const id = r.structuredContent!.id as string;
    expect(fs.existsSync(path.join(work, 'outputs', `${id}.stdout`))).toBe(true);
    expect(r.structuredContent!.bytesOut as number).toBeLessThan(r.structuredContent!.bytesIn as number);
  });

  it('inspects lines and greps the stored output', async () => {
    const run = (await client.callTool({ name: 'reduce_run', arguments: { command: 'seq 1 5000' } })) as ToolResult;
    expect(run.isError).toBe(false);
    const id = run.structuredContent!.id as string;
    const lines = (await client.callTool({ name: 'reduce_inspect', arguments: { id, lines: '2500:2502' } })) as ToolResult;
    expect(textOf(lines)).toBe('2500│ 2500\n2501│ 2501\n2502│ 2502\n');
    const grep = (await client.callTool({ name: 'reduce_inspect', arguments: { id: 'last', grep: '^4999$' } })) as ToolResult;
    expect(textOf(grep)).toContain('4999: 4999');
  });

  it('searches across stored outputs, citing id, stream and line', async () => {
    const r = (await client.callTool({ name: 'reduce_search', arguments: { pattern: 'disk quota' } })) as ToolResult;
    const matches = r.structuredContent!.matches as Array<{ id: string; stream: string; line: number }>;
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ stream: 'stderr', line: 1 });
    expect(textOf(r)).toMatch(/stderr:1│ Error: disk quota exceeded/);
  });

  it('reduces given text with a family hint', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `2026-11-23T10:00:${String(i % 60).padStart(2, '0')}Z INFO request ${i} ok`).join('\n') + '\n2026-11-23T10:07:00Z ERROR upstream timed out\n';
    const r = (await client.callTool({ name: 'reduce_text', arguments: { text, family: 'text', exitCode: 1 } })) as ToolResult;
    expect(r.structuredContent).toMatchObject({ family: 'text', exitCode: 1 });
    expect(textOf(r)).toContain('upstream timed out');
  });

  it('answers bad input with an error result, not a crash', async () => {
    const missing = (await client.callTool({ name: 'reduce_inspect', arguments: { id: 'nope-000' } })) as ToolResult;
    expect(missing.isError).toBe(true);
    const regex = (await client.callTool({ name: 'reduce_search', arguments: { pattern: '(' } })) as ToolResult;
    expect(regex.isError).toBe(true);
    await expect(client.callTool({ name: 'reduce_run', arguments: { command: '' } })).resolves.toMatchObject({ isError: true });
  });
});

describe('reduce mcp over stdio (built CLI)', { timeout: 180_000 }, () => {
  it('lists, runs, inspects and searches', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-mcp-stdio-'));
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(root, 'bin/reduce.js'), 'mcp'], cwd, stderr: 'pipe' });
    const c = new Client({ name: 'stdio-test', version: '1' });
    await c.connect(transport);
    try {
      expect((await c.listTools()).tools).toHaveLength(4);
      const run = (await c.callTool({ name: 'reduce_run', arguments: { command: 'echo needle-42; exit 2' } })) as ToolResult;
      expect(run.structuredContent).toMatchObject({ exitCode: 2 });
      const id = run.structuredContent!.id as string;
      expect(textOf((await c.callTool({ name: 'reduce_inspect', arguments: { id, lines: '1' } })) as ToolResult)).toBe('1│ needle-42\n');
      const found = (await c.callTool({ name: 'reduce_search', arguments: { pattern: 'needle-\\d+' } })) as ToolResult;
      expect((found.structuredContent!.matches as Array<{ id: string }>)[0]!.id).toBe(id);
    } finally {
      await c.close();
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
