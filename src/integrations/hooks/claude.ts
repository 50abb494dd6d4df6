import fs from 'node:fs';
import { renderCitation } from '../../render/text.js';
import { classifyCommand, rewriteCommand } from '../shell/classify.js';
import { loadRules, rewritePermission, settingsFiles } from './claude-permissions.js';
import { bashCommand, type HookPayload } from './payload.js';
import { packetFor, storeCaptured } from './replace.js';

/**
 * Claude Code's three Bash hooks (HOSTS.md 1.3-1.4). Each returns the JSON to print, or null to
 * print nothing, which makes Claude Code run and show the call as it would without reduce.
 */

export interface ClaudeContext {
  /** How the rewritten command starts reduce: absolute node and script paths. */
  invocation: string;
  /** Settings files whose permission rules decide whether a rewrite keeps the permission outcome. */
  settings?: readonly string[];
}

/** Claude Code's Bash timeout when the call gives none (BASH_DEFAULT_TIMEOUT_MS). */
const DEFAULT_BASH_TIMEOUT_MS = 120_000;
/** reduce must print its packet before Claude Code's SIGTERM (and SIGKILL 1.5 s later). */
const TIMEOUT_MARGIN_MS = 5_000;

/** PreToolUse (opt-in, `reduce init claude --rewrite`): wrap a simple command whose permission outcome a rewrite keeps. */
export async function claudePre(payload: HookPayload, context: ClaudeContext): Promise<object | null> {
  const command = bashCommand(payload);
  if (!command || payload.tool_input?.run_in_background === true) return null;
  const hostTimeoutMs = typeof payload.tool_input?.timeout === 'number' && payload.tool_input.timeout > 0 ? payload.tool_input.timeout : DEFAULT_BASH_TIMEOUT_MS;
  // The permission rules first: they do not depend on the parse, and when they leave the command
  // alone (most calls, without an allow rule for it) the shell parser never loads.
  const permission = rewritePermission(command, payload.permission_mode, loadRules(context.settings ?? settingsFiles(payload.cwd ?? process.cwd())));
  if (!permission) return null;
  const decision = await classifyCommand(command, { hostTimeoutMs });
  if (decision.action !== 'wrap') return null;
  const seconds = Math.max(1, Math.floor((hostTimeoutMs - TIMEOUT_MARGIN_MS) / 1000));
  const updatedInput = { ...payload.tool_input, command: rewriteCommand(command, decision, context.invocation, seconds) };
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      // Under bypassPermissions a permissionDecision made some versions drop updatedInput (rtk-ai/rtk#893).
      ...(permission === 'allow' ? { permissionDecision: 'allow', permissionDecisionReason: 'reduce: the original command is allowed by your permission rules' } : {}),
      updatedInput,
    },
  };
}

interface BashResponse {
  stdout?: unknown;
  stderr?: unknown;
  interrupted?: unknown;
  isImage?: unknown;
  persistedOutputPath?: unknown;
  persistedOutputSize?: unknown;
  backgroundTaskId?: unknown;
}

/** PostToolUse (succeeded): replace the output the model sees with the packet, when the packet is smaller. */
export async function claudePost(payload: HookPayload): Promise<object | null> {
  const command = bashCommand(payload);
  const response = payload.tool_response as BashResponse | undefined;
  if (!command || !response || typeof response !== 'object') return null;
  if (response.interrupted === true || response.isImage === true || response.backgroundTaskId || payload.tool_input?.run_in_background === true) return null;
  const stdout = typeof response.stdout === 'string' ? response.stdout : '';
  const stderr = typeof response.stderr === 'string' ? response.stderr : '';
  // Over 30,000 characters Claude Code shows the head only and keeps all of it in this file.
  const persisted = typeof response.persistedOutputPath === 'string' && fs.existsSync(response.persistedOutputPath) ? response.persistedOutputPath : null;
  const shownBytes = Buffer.byteLength(stdout) + Buffer.byteLength(stderr);
  const packet = await packetFor({ command, cwd: payload.cwd ?? process.cwd(), stdout: persisted ? { file: persisted } : stdout, ...(stderr ? { stderr } : {}), exitCode: 0, shownBytes });
  if (!packet) return null;
  return { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { stdout: packet.text, stderr: '', interrupted: false } } };
}

/** What Claude Code shows of a failure: the first and last 5,000 characters of `Exit code N\n…`. */
const SHOWN_HEAD = 5_000;
const SHOWN_TAIL = 5_000;

/**
 * PostToolUseFailure: the model already sees the head and tail of the output, so add only what
 * that cut dropped: the packet's citations from the middle, each with the way back to it.
 */
export async function claudePostFailure(payload: HookPayload): Promise<object | null> {
  const command = bashCommand(payload);
  const error = typeof payload.error === 'string' ? payload.error : null;
  if (!command || !error || error.length <= SHOWN_HEAD + SHOWN_TAIL) return null;
  const header = /^Exit code (\d+)\n/.exec(error);
  const body = header ? error.slice(header[0].length) : error;
  const offset = header ? header[0].length : 0;
  const outcome = await storeCaptured({ command, cwd: payload.cwd ?? process.cwd(), stdout: body, exitCode: header ? Number(header[1]) : null });
  if (!outcome.id || !outcome.packet) return null;
  // Line n of the body is hidden when it lies wholly inside the dropped middle.
  const dropFrom = SHOWN_HEAD - offset;
  const dropTo = error.length - SHOWN_TAIL - offset;
  const hidden = new Set<number>();
  let start = 0;
  let n = 1;
  while (start <= body.length) {
    const end = body.indexOf('\n', start);
    const stop = end === -1 ? body.length : end;
    if (start >= dropFrom && stop <= dropTo) hidden.add(n);
    if (end === -1) break;
    start = end + 1;
    n++;
  }
  const cited = outcome.packet.citations.filter((c) => c.stream === 'stdout' && c.lines !== undefined && range(c.lines[0], c.lines[1]).some((line) => hidden.has(line)));
  if (cited.length === 0) return null;
  const lines = [
    `reduce: the output above was cut to its first and last 5,000 characters; ${hidden.size} lines in between were not shown. From those, the cited lines (full output: reduce inspect ${outcome.id}):`,
    ...cited.flatMap((c) => renderCitation(c, outcome.packet!.tainted)),
  ];
  return { hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: lines.join('\n') } };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
