import { UsageError } from '../errors.js';

/**
 * `reduce hook claude|codex <event>`: what a host calls around every tool call, so the start-up
 * parser (fast-args.ts) comes straight here. The hook code (parser, reducers) loads only here.
 */

/** 10 s under the timeouts `reduce init` writes (PRE_TIMEOUT, POST_TIMEOUT), with room to exit. */
const DEADLINES = { pre: 20_000, post: 50_000 } as const;

export async function hostHook(host: 'claude' | 'codex', event: string): Promise<void> {
  const { runHook } = await import('../integrations/hooks/run-hook.js');
  const { selfInvocation } = await import('../integrations/self.js');
  if (host === 'claude') {
    const claude = await import('../integrations/hooks/claude.js');
    if (event === 'pre') return runHook((p) => claude.claudePre(p, { invocation: selfInvocation() }), { deadlineMs: DEADLINES.pre });
    if (event === 'post') return runHook(claude.claudePost, { deadlineMs: DEADLINES.post });
    if (event === 'post-failure') return runHook(claude.claudePostFailure, { deadlineMs: DEADLINES.post });
    throw new UsageError(`reduce hook claude takes pre, post or post-failure (got '${event}')`);
  }
  const codex = await import('../integrations/hooks/codex.js');
  if (event === 'pre') return runHook((p) => codex.codexPre(p, { invocation: selfInvocation() }), { deadlineMs: DEADLINES.pre });
  if (event === 'post') return runHook(codex.codexPost, { deadlineMs: DEADLINES.post });
  throw new UsageError(`reduce hook codex takes pre or post (got '${event}')`);
}
