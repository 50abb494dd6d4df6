import { Command } from 'commander';
import { commandConfig, storeToRead } from './command-config.js';
import { formatAge } from '../core/duration.js';
import { count } from '../core/format.js';
import { escapeControl } from '../render/escape.js';
import { safeJson } from '../render/json.js';
import { redactLine } from '../safety/packet-safety.js';
import { listIds, readMetadata } from '../store/artifact-store.js';
import type { ArtifactMeta } from '../store/metadata.js';
import { writeOut } from './output.js';

export function listCommand(): Command {
  return new Command('list')
    .description('list stored artifacts, newest last: id, command, exit, bytes in -> out, age')
    .option('--json', 'one JSON object per artifact, one per line')
    .option('--outputs <dir>', 'artifact directory')
    .option('--config <file>', 'config file to use')
    .addHelpText('after', '\nExamples:\n  reduce list\n  reduce list --json | jq -r .id')
    .action(async (flags: { json?: boolean; outputs?: string; config?: string }) => {
      const config = await commandConfig(flags.config);
      const dir = storeToRead(flags.outputs, config);
      const metas: ArtifactMeta[] = [];
      for (const id of listIds(dir)) {
        try {
          metas.push(readMetadata(dir, id));
        } catch {
          // A metadata file that does not parse is skipped here; gc reports it.
        }
      }
      metas.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      if (flags.json) {
        return writeOut(metas.map((m) => safeJson(summaryOf(m))).join('\n') + (metas.length ? '\n' : ''));
      }
      if (metas.length === 0) return writeOut(`no artifacts in ${dir}\n`);
      const now = Date.now();
      const rows = metas.map((m) => {
        const s = summaryOf(m);
        return [m.id, s.exit, `${count(s.bytesIn)} -> ${count(s.bytesOut)}`, formatAge(now - Date.parse(m.createdAt)), escapeControl(s.command || '(stdin)').slice(0, 60)];
      });
      const header = ['ID', 'EXIT', 'BYTES IN -> OUT', 'AGE', 'COMMAND'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const lines = [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
      return writeOut(lines.join('\n') + '\n');
    });
}

export function summaryOf(m: ArtifactMeta): { id: string; command: string; exit: string; bytesIn: number; bytesOut: number; createdAt: string; family: string } {
  const exit = m.exit.timedOut ? 'timeout' : m.exit.signal ? m.exit.signal : String(m.exit.code);
  const bytesIn = m.streams.stdout.bytes + (m.streams.stderr?.bytes ?? 0);
  // Commands carry tokens too (`curl -H 'Authorization: Bearer …'`): masked like every other view.
  return { id: m.id, command: redactLine(m.command), exit, bytesIn, bytesOut: m.packet?.stats.packetBytes ?? 0, createdAt: m.createdAt, family: m.family };
}
