import fs from 'node:fs';
import { Command } from 'commander';
import { commandConfig, storeToRead } from './command-config.js';
import { parseDuration, parseSize } from '../core/duration.js';
import { count } from '../core/format.js';
import { UsageError } from '../errors.js';
import { ARTIFACT_SUFFIXES } from '../store/ids.js';
import { applyGc, planGc } from '../store/retention.js';
import { writeOut } from './output.js';
import { repairPermissions } from '../safety/permissions.js';

export function gcCommand(): Command {
  return new Command('gc')
    .description("remove artifacts past their retention (default 7d, config key 'retention') or over the size cap")
    .option('--older-than <duration>', 'remove artifacts older than this instead (7d, 12h, 30m)')
    .option('--max-size <size>', "then remove the oldest until the directory fits (500MB; config key 'maxOutputsSize')")
    .option('--dry-run', 'say what would be removed, remove nothing')
    .option('--outputs <dir>', 'artifact directory')
    .option('--config <file>', 'config file to use')
    .addHelpText('after', '\nExamples:\n  reduce gc\n  reduce gc --older-than 1d --dry-run\n  reduce gc --max-size 200MB')
    .action(async (flags: { olderThan?: string; maxSize?: string; dryRun?: boolean; outputs?: string; config?: string }) => {
      const config = await commandConfig(flags.config);
      const dir = storeToRead(flags.outputs, config);
      const olderThan = flags.olderThan === undefined ? null : parseDuration(flags.olderThan);
      if (flags.olderThan !== undefined && olderThan === null) throw new UsageError(`--older-than takes a duration like 7d, 12h or 30m (got '${flags.olderThan}')`);
      const maxSize = flags.maxSize === undefined ? config.maxOutputsBytes : parseSize(flags.maxSize);
      if (flags.maxSize !== undefined && maxSize === null) throw new UsageError(`--max-size takes a size like 500MB or 2GiB (got '${flags.maxSize}')`);
      if (!fs.existsSync(dir)) return writeOut(`no artifacts in ${dir}\n`);
      const plan = planGc(dir, Date.now(), olderThan, maxSize);
      if (!flags.dryRun) applyGc(dir, plan);
      const removed = new Set([...plan.partials, ...plan.remove.flatMap((r) => ARTIFACT_SUFFIXES.map((suffix) => r.id + suffix))]);
      const perms = repairPermissions(dir, flags.dryRun, flags.dryRun ? removed : undefined);
      const verb = flags.dryRun ? 'would remove' : 'removed';
      const freed = plan.remove.reduce((a, r) => a + r.bytes, 0);
      const lines = plan.remove.map((r) => `${verb} ${r.id} (${r.reason}, ${count(r.bytes)} B)`);
      if (plan.skipped.length) lines.push(`left ${count(plan.skipped.length)} file(s) named like artifacts whose metadata is not reduce's: ${plan.skipped.slice(0, 3).join(', ')}`);
      if (plan.partials.length) lines.push(`${verb} ${plan.partials.length} leftover partial file(s)`);
      lines.push(`${verb} ${count(plan.remove.length)} artifact(s), ${count(freed)} B; ${count(plan.keptBytes)} B kept`);
      if (perms.repaired.length) lines.push(`${flags.dryRun ? 'would tighten' : 'tightened'} permissions of ${count(perms.repaired.length)} path(s) to 0700/0600`);
      if (perms.failed.length) lines.push(`could not tighten permissions of ${count(perms.failed.length)} path(s): ${perms.failed.slice(0, 3).join(', ')}`);
      return writeOut(lines.join('\n') + '\n');
    });
}
