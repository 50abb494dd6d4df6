import { Command } from 'commander';
import { hostHook } from './host-hook.js';
import { writeOut } from './output.js';

/**
 * `reduce hook <host> <event>`: the entry point hosts call. Always exits 0 and prints nothing when
 * unsure. The hook code (parser, reducers) loads only here.
 */

export function hookCommand(): Command {
  const hook = new Command('hook').description('the hooks Claude Code and Codex call (installed by reduce init): reduce hook claude|codex <event>');
  hook
    .command('claude')
    .description('Claude Code: pre (PreToolUse rewrite, opt-in), post (PostToolUse replacement), post-failure (PostToolUseFailure context)')
    .argument('<event>', 'pre | post | post-failure')
    .action((event: string) => hostHook('claude', event));
  hook
    .command('codex')
    .description('Codex: pre (PreToolUse rewrite), post (PostToolUse replacement for commands not rewritten)')
    .argument('<event>', 'pre | post')
    .action((event: string) => hostHook('codex', event));
  hook
    .command('check')
    .description('what the hooks would do with a command: wrap (and the rewrite) or pass (and why)')
    .argument('<command>', 'the command line, quoted')
    .action(async (command: string) => {
      const { classifyCommand, rewriteCommand } = await import('../integrations/shell/classify.js');
      const { selfInvocation } = await import('../integrations/self.js');
      const decision = await classifyCommand(command, { hostTimeoutMs: 120_000 });
      const line = decision.action === 'wrap' ? `wrap${decision.follow ? ' (follow mode: only under a host timeout)' : ''}: ${rewriteCommand(command, decision, selfInvocation())}` : `pass: ${decision.reason}`;
      await writeOut(line + '\n');
    });
  return hook;
}
