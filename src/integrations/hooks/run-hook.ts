import { readPayload, type HookPayload } from './payload.js';

/**
 * Runs one hook as a host calls it: one JSON object in, one JSON object or nothing out, always
 * exit 0. Whatever goes wrong (bad input, a store that cannot be written, a parser that fails, a
 * deadline) ends in printing nothing, so the host runs and shows the call as it would without us.
 */
export async function runHook(handler: (payload: HookPayload) => Promise<object | null>, options: { deadlineMs: number; input?: NodeJS.ReadableStream; write?: (text: string) => void }): Promise<void> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  let settled = false;
  const work = (async () => {
    const payload = await readPayload(options.input ?? process.stdin, Math.min(5_000, options.deadlineMs));
    if (!payload) return null;
    return handler(payload);
  })().catch((err: unknown) => {
    if (process.env.REDUCE_HOOK_DEBUG) process.stderr.write(`reduce hook: ${String((err as Error)?.stack ?? err)}\n`);
    return null;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.deadlineMs);
    timer.unref();
  });
  const result = await Promise.race([work, deadline]);
  clearTimeout(timer);
  if (!settled && result) write(JSON.stringify(result) + '\n');
  settled = true;
}
