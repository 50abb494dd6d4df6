/**
 * What Claude Code and Codex send a tool hook on stdin (HOSTS.md 1.2 and 2.1). Only the fields the
 * hooks read are typed; every other field is kept as it came, since `updatedInput` must echo them.
 */
export interface HookPayload {
  session_id?: string;
  cwd?: string;
  permission_mode?: string;
  hook_event_name?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown> & { command?: unknown; timeout?: unknown; run_in_background?: unknown };
  tool_use_id?: string;
  /** PostToolUse: Claude Code's Bash output object; Codex's output string. */
  tool_response?: unknown;
  /** PostToolUseFailure (Claude Code): `Exit code N\n<stderr>\n<stdout>`. */
  error?: unknown;
}

/** Reads one JSON object from a stream; null when it is not one, or does not arrive in time. */
export async function readPayload(input: NodeJS.ReadableStream, timeoutMs: number): Promise<HookPayload | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const read = (async () => {
    for await (const chunk of input) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      // A payload carries at most the host's output cap (30,000 chars for Claude Code); 64 MiB is absurd.
      if (size > 64 << 20) return null;
      chunks.push(buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    timer.unref();
  });
  try {
    const text = await Promise.race([read, late]);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as HookPayload) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The shell command of a Bash tool call, when this payload is one. */
export function bashCommand(payload: HookPayload): string | null {
  if (payload.tool_name !== 'Bash' || !payload.tool_input) return null;
  const command = payload.tool_input.command;
  return typeof command === 'string' && command.trim() !== '' ? command : null;
}
