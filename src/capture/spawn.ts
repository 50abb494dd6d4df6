import os from 'node:os';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import type { ExitInfo, StreamName } from '../core/types.js';
import type { CaptureSession } from './session.js';

export interface SpawnOutcome {
  exit: ExitInfo;
  /** Set when the command could not be started at all (127 not found, 126 not executable). */
  spawnError: { code: 126 | 127; message: string } | null;
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs the command without a shell, stdin passed through, stdout and stderr captured separately
 * into the session. SIGINT, SIGTERM and SIGHUP go on to the child; whatever it printed before it
 * stopped is still captured. `timeoutMs` stops it with SIGTERM, then SIGKILL two seconds later.
 */
export async function captureCommand(session: CaptureSession, argv: readonly string[], timeoutMs: number | null, stdin: 'inherit' | 'ignore' = 'inherit'): Promise<SpawnOutcome> {
  const [file, ...args] = argv as [string, ...string[]];
  const child = execa(file, args, {
    reject: false,
    stdin,
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    encoding: 'buffer',
    stripFinalNewline: false,
    windowsHide: true,
    ...(timeoutMs ? { timeout: timeoutMs, forceKillAfterDelay: 2000 } : {}),
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  try {
    await Promise.all([pump(child.stdout, 'stdout', session), pump(child.stderr, 'stderr', session)]);
    const result = await child;
    const errno = (result as { code?: string }).code;
    if (result.exitCode === undefined && !result.signal && (errno === 'ENOENT' || errno === 'EACCES' || errno === 'ENOTDIR')) {
      const code = errno === 'EACCES' ? 126 : 127;
      const message = code === 127 ? `command not found: ${file}` : `command not executable: ${file}`;
      return { exit: { code, signal: null, timedOut: false }, spawnError: { code, message } };
    }
    return { exit: { code: result.exitCode ?? null, signal: result.signal ?? null, timedOut: Boolean(result.timedOut) }, spawnError: null };
  } finally {
    for (const signal of FORWARDED) process.off(signal, forward);
  }
}

async function pump(stream: Readable | null | undefined, name: StreamName, session: CaptureSession): Promise<void> {
  if (!stream) return;
  try {
    for await (const chunk of stream) session.write(name, chunk as Buffer);
  } catch {
    // A pipe torn down by a killed child ends the capture; what arrived is kept.
  }
}

/** The shell convention for a process ended by a signal: 128 + the signal's number. */
export function exitCodeOf(exit: ExitInfo): number {
  if (exit.timedOut) return 124;
  if (exit.signal) return 128 + (os.constants.signals[exit.signal as NodeJS.Signals] ?? 0);
  return exit.code ?? 1;
}
