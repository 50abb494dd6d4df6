import os from 'node:os';
import { execa } from 'execa';
import type { Readable } from 'node:stream';
import type { ExitInfo, StreamName } from '../core/types.js';
import type { CaptureSession } from './session.js';

export interface SpawnOutcome {
  exit: ExitInfo;
  /** Set when the command could not be started at all (127 not found, 126 not executable). */
  spawnError: { code: 126 | 127; message: string } | null;
  /** What the run should say about how it ended (pipes left open by a background process). */
  notes: string[];
}

export interface SpawnTiming {
  /** After SIGTERM, how long the group has before SIGKILL. */
  graceMs: number;
  /** After the command exits, how long a silence on its pipes ends the reading. */
  drainIdleMs: number;
  /** After the command exits, the longest the reading goes on (a daemon that keeps writing). */
  drainMaxMs: number;
}

const TIMING: SpawnTiming = { graceMs: 2000, drainIdleMs: 500, drainMaxMs: 5000 };
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs the command without a shell, stdin passed through, stdout and stderr captured separately
 * into the session. The command leads a process group of its own (a new session: it has no
 * controlling terminal, so reading an inherited terminal on stdin is never stopped by job control),
 * and every signal goes to the whole group: SIGINT, SIGTERM and SIGHUP sent to reduce, and the
 * timeout's SIGTERM then SIGKILL after a grace period. Whatever was printed before the end is kept.
 * The run ends when the command has exited and its pipes are closed, or have been quiet for a
 * moment: a background process that keeps stdout open (`sh -c 'daemon & echo started'`) does not
 * hold the packet, and is left running.
 *
 * execa starts the child (no shell, no rejection: the tool's failure is data), but the end of the
 * run is decided here from the child's own 'exit' and pipe events: execa's promise waits for every
 * pipe to close, which is the wait that must be bounded, and its kill signals only the child, not
 * its group. `stdin: 'ignore'` is for callers that have no terminal to hand on (the MCP server).
 */
export function captureCommand(
  session: CaptureSession,
  argv: readonly string[],
  timeoutMs: number | null,
  stdin: 'inherit' | 'ignore' = 'inherit',
  timing: SpawnTiming = TIMING,
): Promise<SpawnOutcome> {
  const [file, ...args] = argv as [string, ...string[]];
  const child = execa(file, args, { stdin, stdout: 'pipe', stderr: 'pipe', buffer: false, encoding: 'buffer', reject: false, detached: true, cleanup: false, windowsHide: true });
  // reject: false, so the promise only resolves; the result is read from the events below.
  void child.then(() => undefined);
  return new Promise((resolve) => {
    const notes: string[] = [];
    const open = new Set<Readable>();
    const timers: NodeJS.Timeout[] = [];
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let timedOut = false;
    let killed = false;
    let settled = false;
    let drainStarted = 0;
    let drainTimer: NodeJS.Timeout | null = null;

    const signalGroup = (signal: NodeJS.Signals): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const forward = (signal: NodeJS.Signals): void => signalGroup(signal);
    for (const signal of FORWARDED) process.on(signal, forward);

    const finish = (outcome: Omit<SpawnOutcome, 'notes'>): void => {
      if (settled) return;
      settled = true;
      for (const signal of FORWARDED) process.off(signal, forward);
      for (const timer of timers) clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      // A timed-out run leaves nothing of its group behind, even what the drain did not wait for.
      if (timedOut && !killed) signalGroup('SIGKILL');
      resolve({ ...outcome, notes });
    };
    const settleIfDone = (): void => {
      if (!exited || open.size > 0) return;
      finish({ exit: { code: exited.code, signal: exited.signal, timedOut }, spawnError: null });
    };
    const stopReading = (): void => {
      const names = [...open].map((s) => (s === child.stdout ? 'stdout' : 'stderr'));
      notes.push(`${names.join(' and ')} still held open by a background process after the command exited; reading stopped ${Date.now() - drainStarted} ms later (that process was left running)`);
      for (const stream of open) stream.destroy();
      open.clear();
      settleIfDone();
    };
    const armDrain = (): void => {
      if (!exited || open.size === 0 || settled) return;
      if (drainTimer) clearTimeout(drainTimer);
      const left = drainStarted + timing.drainMaxMs - Date.now();
      drainTimer = setTimeout(stopReading, Math.max(0, Math.min(timing.drainIdleMs, left)));
    };

    const tap = (stream: Readable | null, name: StreamName): void => {
      if (!stream) return;
      open.add(stream);
      stream.on('data', (chunk: Buffer) => {
        session.write(name, chunk);
        armDrain();
        // The chosen reducer's body is loading, or its worker is behind: read no further until it settles.
        const loading = session.busy;
        if (loading) {
          stream.pause();
          void loading.then(() => stream.resume());
        }
      });
      const closed = (): void => {
        if (!open.delete(stream)) return;
        settleIfDone();
      };
      stream.on('end', closed);
      stream.on('close', closed);
      stream.on('error', closed); // A pipe torn down by a killed child ends the capture; what arrived is kept.
    };
    tap(child.stdout, 'stdout');
    tap(child.stderr, 'stderr');

    child.on('error', (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // Started: errors of a running child end in 'exit'.
      const code = err.code === 'EACCES' ? 126 : 127;
      const message = code === 127 ? `command not found: ${file}` : `command not executable: ${file}`;
      finish({ exit: { code, signal: null, timedOut: false }, spawnError: { code, message } });
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      drainStarted = Date.now();
      armDrain();
      settleIfDone();
    });

    if (timeoutMs) {
      timers.push(
        setTimeout(() => {
          timedOut = true;
          signalGroup('SIGTERM');
          timers.push(
            setTimeout(() => {
              killed = true;
              signalGroup('SIGKILL');
            }, timing.graceMs),
          );
        }, timeoutMs),
      );
    }
  });
}

/** The shell convention for a process ended by a signal: 128 + the signal's number. */
export function exitCodeOf(exit: ExitInfo): number {
  if (exit.timedOut) return 124;
  if (exit.signal) return 128 + (os.constants.signals[exit.signal as NodeJS.Signals] ?? 0);
  return exit.code ?? 1;
}
