import type { Readable } from 'node:stream';
import type { StreamName } from '../core/types.js';
import type { CaptureSession } from './session.js';

const STOPPING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Reads piped output (stdin, or a captured file for `reduce ingest`) into the session. SIGINT, SIGTERM or SIGHUP stop the reading and the
 * packet is made from what arrived, so a follow command (`kubectl logs -f | reduce`) ends in a packet.
 */
export async function captureStream(session: CaptureSession, input: Readable = process.stdin, stream: StreamName = 'stdout'): Promise<{ interrupted: NodeJS.Signals | null }> {
  let interrupted: NodeJS.Signals | null = null;
  const stop = (signal: NodeJS.Signals): void => {
    interrupted ??= signal;
    input.destroy();
  };
  for (const signal of STOPPING) process.on(signal, stop);
  try {
    for await (const chunk of input) {
      session.write(stream, typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      const loading = session.busy;
      if (loading) await loading; // the reducer's body is loading, or its worker is behind: read no further meanwhile
    }
  } catch {
    // Destroyed by a signal, or the writer went away: the captured part still makes a packet.
  } finally {
    for (const signal of STOPPING) process.off(signal, stop);
  }
  return { interrupted };
}
