/**
 * Defect 7 of issue 11: a pipe read stopped by SIGINT used to look complete (`exit 0 · ok`). The
 * interruption and how much was read are recorded in the packet and the metadata, and the packet is
 * marked truncated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReduce, storedIds, tempFolders, waitFor } from './cli-run.js';

const folder = tempFolders('pipeint');

describe('a pipe read interrupted by SIGINT', () => {
  it('exits 130 with a packet that says it was interrupted after N bytes, truncated, and metadata that records it', async () => {
    const d = folder();
    const child = startReduce(['--json'], d);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    const first = 'line one\nline two\n';
    child.stdin.write(first);
    // The producer is still running: the pipe stays open. Wait until the bytes are on disk.
    const store = path.join(d, 'outputs');
    await waitFor(() => fs.existsSync(store) && fs.readdirSync(store).some((f) => f.startsWith('.partial-') && f.endsWith('.stdout') && fs.statSync(path.join(store, f)).size === first.length));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    const packet = JSON.parse(out);
    expect(packet.truncated).toBe(true);
    expect(packet.exit.interrupted).toEqual({ signal: 'SIGINT', bytesRead: first.length });
    expect(JSON.stringify(packet.notes)).toMatch(/interrupted by SIGINT after 18 bytes/);
    const [id] = storedIds(store);
    const meta = JSON.parse(fs.readFileSync(path.join(store, `${id}.json`), 'utf8'));
    expect(meta.exit.interrupted).toEqual({ signal: 'SIGINT', bytesRead: first.length });
    child.stdin.destroy();
  });
});
