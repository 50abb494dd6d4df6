import { Command } from 'commander';
import { UsageError } from '../errors.js';
import { commandConfig } from './command-config.js';
import { DEFAULT_TOOLS, defaultShimDir, installShims, shellInit } from '../integrations/shims.js';
import { selfInvocation } from '../integrations/self.js';
import { writeOut } from './output.js';

export function shimCommands(): Command[] {
  const shims = new Command('shims').description('PATH shims that route tools through reduce for an agent (REDUCE_AGENT=1), for sandboxes without hooks');
  shims
    .command('install')
    .description('write one shim per tool into DIR (put DIR first on PATH: reduce shell-init)')
    .argument('[dir]', 'where to write them', defaultShimDir())
    .option('--tools <list>', 'comma-separated tool names', DEFAULT_TOOLS.join(','))
    .option('--config <file>', 'use this config file (its shims.always decides who the shims route)')
    .action(async (dir: string, flags: { tools: string; config?: string }) => {
      const tools = flags.tools.split(',').map((t) => t.trim()).filter(Boolean);
      if (tools.length === 0) throw new UsageError('--tools takes a comma-separated list of tool names');
      const { shimsAlways } = await commandConfig(flags.config);
      const report = installShims(dir, tools, selfInvocation(), shimsAlways);
      const who = shimsAlways ? 'every caller (shims.always is set in the config)' : "REDUCE_AGENT=1 in the agent's environment";
      const lines = [`wrote ${report.written.length} shims in ${dir}`, ...report.skipped.map((f) => `skipped ${f}: not a reduce shim, left alone`), `next: eval "$(reduce shell-init bash --dir ${dir})"; the shims route ${who}`];
      await writeOut(lines.join('\n') + '\n');
    });
  const init = new Command('shell-init')
    .description('print the shell code that puts the shim directory first on PATH')
    .argument('<shell>', 'bash | zsh | fish')
    .option('--dir <dir>', 'the shim directory', defaultShimDir())
    .action(async (shell: string, flags: { dir: string }) => {
      if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') throw new UsageError(`shell-init takes bash, zsh or fish (got '${shell}')`);
      await writeOut(shellInit(shell, flags.dir));
    });
  return [shims, init];
}
