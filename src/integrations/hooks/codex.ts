import { classifyCommand, rewriteCommand } from '../shell/classify.js';
import { codexRulesDirs, loadCodexRules, rulesBlockRewrite } from './codex-rules.js';
import { bashCommand, type HookPayload } from './payload.js';
import { packetFor } from './replace.js';

/**
 * Codex's Bash hooks (HOSTS.md 2.1). Codex's sandbox and approval policy judge the rewritten
 * command, so rewriting is the default; but a user's `prefix_rule` written for the original would
 * no longer match it (a `forbidden` rule slipped past), so a command any rule could match is left
 * as typed, and PostToolUse reduces its output after the run instead.
 */

export interface CodexContext {
  invocation: string;
  /** Where to look for the user's `*.rules` files (default: Codex's own places, from the payload's cwd). */
  rulesDirs?: string[];
}

/** PreToolUse: the only valid rewrite form is `allow` + `updatedInput.command`. */
export async function codexPre(payload: HookPayload, context: CodexContext): Promise<object | null> {
  const command = bashCommand(payload);
  if (!command) return null;
  // Codex hands a hook no timeout for the call, so a follow mode is never wrapped here.
  const decision = await classifyCommand(command);
  if (decision.action !== 'wrap') return null;
  const rules = loadCodexRules(context.rulesDirs ?? codexRulesDirs(payload.cwd ?? process.cwd()));
  if (rulesBlockRewrite(rules, decision.words)) return null;
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { ...payload.tool_input, command: rewriteCommand(command, decision, context.invocation) },
    },
  };
}

/**
 * PostToolUse, for commands that were not rewritten: `decision: block` + `reason` replaces what
 * the model sees, Codex's `Process exited with code N` line included, and the payload carries no
 * exit code; so the packet says the code is unknown instead of guessing.
 */
export async function codexPost(payload: HookPayload): Promise<object | null> {
  const command = bashCommand(payload);
  const response = payload.tool_response;
  const output = typeof response === 'string' ? response : response && typeof response === 'object' && typeof (response as { output?: unknown }).output === 'string' ? (response as { output: string }).output : null;
  if (!command || output === null) return null;
  const packet = await packetFor({ command, cwd: payload.cwd ?? process.cwd(), stdout: output, exitCode: null, shownBytes: Buffer.byteLength(output) });
  if (!packet) return null;
  const note = 'reduce: the exit code is unknown here (Codex does not pass it to hooks); this packet replaces the command\'s output.';
  return { decision: 'block', reason: `${note}\n${packet.text}` };
}
