import { Command } from 'commander';
import { UsageError } from '../errors.js';
import { writeOut } from './output.js';

/**
 * `reduce hook <host> <event>`: the entry point hosts call. Always exits 0 and prints nothing when
 * unsure. The hook code (parser, reducers) loads only here.
 */

/** 10 s under the timeouts `reduce init` writes (PRE_TIMEOUT, POST_TIMEOUT), with room to exit. */
const DEADLINES = { pre: 20_000, post: 50_000 } as const;

export function hookCommand(): Command {
  const hook = new Command('hook').description('the hooks Claude Code and Codex call (installed by reduce init): reduce hook claude|codex <event>');
  hook
    .command('claude')
    .description('Claude Code: pre (PreToolUse rewrite, opt-in), post (PostToolUse replacement), post-failure (PostToolUseFailure context)')
    .argument('<event>', 'pre | post | post-failure')
    .action(async (event: string) => {
      const claude = await import('../integrations/hooks/claude.js');
      const { runHook } = await import('../integrations/hooks/run-hook.js');
      const { selfInvocation } = await import('../integrations/self.js');
      if (event === 'pre') return runHook((p) => claude.claudePre(p, { invocation: selfInvocation() }), { deadlineMs: DEADLINES.pre });
      if (event === 'post') return runHook(claude.claudePost, { deadlineMs: DEADLINES.post });
      if (event === 'post-failure') return runHook(claude.claudePostFailure, { deadlineMs: DEADLINES.post });
      throw new UsageError(`reduce hook claude takes pre, post or post-failure (got '${event}')`);
    });
  hook
    .command('codex')
    .description('Codex: pre (PreToolUse rewrite), post (PostToolUse replacement for commands not rewritten)')
    .argument('<event>', 'pre | post')
    .action(async (event: string) => {
      const codex = await import('../integrations/hooks/codex.js');
      const { runHook } = await import('../integrations/hooks/run-hook.js');
      const { selfInvocation } = await import('../integrations/self.js');
      if (event === 'pre') return runHook((p) => codex.codexPre(p, { invocation: selfInvocation() }), { deadlineMs: DEADLINES.pre });
      if (event === 'post') return runHook(codex.codexPost, { deadlineMs: DEADLINES.post });
      throw new UsageError(`reduce hook codex takes pre or post (got '${event}')`);
    });
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
