import { Command } from 'commander';
import { UsageError } from '../errors.js';
import { writeOut } from './output.js';

/**
 * `reduce init`, `reduce uninstall`, `reduce doctor`: wire the hooks into a host, take them out,
 * check them. The installer code loads only when one of these runs.
 */

type HostFlags = { project?: boolean; global?: boolean; rewrite?: boolean; dryRun?: boolean };

function hostOf(name: string): 'claude' | 'codex' {
  if (name === 'claude' || name === 'codex') return name;
  throw new UsageError(`the host is claude or codex (got '${name}')`);
}

function scopesOf(flags: HostFlags, fallback: Array<'global' | 'project'>): Array<'global' | 'project'> {
  if (flags.project && flags.global) throw new UsageError('choose one of --project and --global');
  return flags.project ? ['project'] : flags.global ? ['global'] : fallback;
}

export function initCommands(): Command[] {
  const init = new Command('init')
    .description('install the reduce hooks into Claude Code or Codex, and the MCP server into Codex (idempotent; backs each file up; prints the diff)')
    .argument('<host>', 'claude | codex')
    .option('--project', 'this project only (.claude/settings.local.json; .codex/hooks.json and .codex/config.toml)')
    .option('--global', 'every project (~/.claude/settings.json; ~/.codex/hooks.json and ~/.codex/config.toml; the default)')
    .option('--rewrite', 'Claude Code: also wrap allowed commands before they run (PreToolUse)')
    .option('--dry-run', 'print the diff, write nothing')
    .action(async (name: string, flags: HostFlags) => {
      const host = hostOf(name);
      const { initHost, SettingsError } = await import('../integrations/install/install.js');
      const { selfCommand, selfInvocation } = await import('../integrations/self.js');
      const [scope] = scopesOf(flags, ['global']);
      let report;
      try {
        report = initHost(host, { scope: scope!, rewrite: Boolean(flags.rewrite), dryRun: Boolean(flags.dryRun), cwd: process.cwd(), invocation: selfInvocation(), mcp: selfCommand('mcp') });
      } catch (err) {
        if (err instanceof SettingsError) throw new UsageError(`not installed, nothing written: ${err.message}`);
        throw err;
      }
      if (report.refused) {
        process.stderr.write(`reduce: not installed: ${report.refused}\n`);
        process.exitCode = 1;
        return;
      }
      const out = report.files.flatMap((f) => {
        const verb = !f.changed ? 'already installed, no change:' : flags.dryRun ? 'would change (dry run):' : 'changed:';
        return [f.diff.trimEnd(), `${verb} ${f.file}`];
      });
      await writeOut([...out, ...report.notes.map((n) => `note: ${n}`)].filter(Boolean).join('\n') + '\n');
    });
  const uninstall = new Command('uninstall')
    .description("remove the reduce hooks from Claude Code or Codex, keeping every other setting (restores the backup when the file is as init left it)")
    .argument('<host>', 'claude | codex')
    .option('--project', 'this project only')
    .option('--global', 'the global file only (default: both)')
    .option('--dry-run', 'print the diff, write nothing')
    .action(async (name: string, flags: HostFlags) => {
      const host = hostOf(name);
      const { uninstallHost, SettingsError } = await import('../integrations/install/install.js');
      const { selfCommand, selfInvocation } = await import('../integrations/self.js');
      const out: string[] = [];
      for (const scope of scopesOf(flags, ['global', 'project'])) {
        let report;
        try {
          report = uninstallHost(host, { scope, dryRun: Boolean(flags.dryRun), cwd: process.cwd(), invocation: selfInvocation(), mcp: selfCommand('mcp') });
        } catch (err) {
          if (err instanceof SettingsError) throw new UsageError(`not uninstalled, nothing written: ${err.message}`);
          throw err;
        }
        for (const f of report.files) {
          if (f.changed) out.push(f.diff.trimEnd(), `${flags.dryRun ? 'would change (dry run)' : 'changed'}: ${f.file}`);
          else out.push(`nothing of reduce in ${f.file}`);
        }
      }
      await writeOut(out.join('\n') + '\n');
    });
  const doctor = new Command('doctor')
    .description('what is installed where, whether each hook answers a sample payload, whether Codex still needs your review')
    .argument('[host]', 'claude | codex (default: both)')
    .action(async (name: string | undefined) => {
      const { doctor: check } = await import('../integrations/install/doctor.js');
      const lines = check(name ? [hostOf(name)] : ['claude', 'codex'], process.cwd());
      await writeOut(lines.map((l) => `${l.ok ? 'ok ' : 'NO '} ${l.text}`).join('\n') + '\n');
      if (lines.some((l) => !l.ok)) process.exitCode = 1;
    });
  return [init, uninstall, doctor];
}
