import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker as WorkerType } from 'node:worker_threads';
import type { ExitInfo, LineMarks, PacketParts, ReducerRun, RunContext, StepSpan, StreamName } from '../core/types.js';
import { scannedCandidateOf, scannedNoticeOf } from '../core/line-facts.js';
import { keepYoungGenerationCap } from './young-generation.js';

/**
 * A reducer run on a worker thread, for a large output: the main thread keeps reading, storing, hashing,
 * splitting and scanning for injection; the worker runs the reducer over the same lines. On two cores the
 * two halves overlap (the reducer is most of a long log's cost). The worker starts a fresh run of the same
 * reducer and reads the lines the main thread's run had seen back from the stored stream (`replay`), so its
 * packet is the one a run on the main thread would have made (test/hardening/offload.test.ts holds them equal).
 *
 * Lines cross in batches (their texts, numbers and the injection scan's facts; each text arrives as a string
 * of its own, not a slice of a batch that a kept template would hold in memory whole); at most
 * MAX_INFLIGHT batches wait on the worker before `busy` asks the reader to pause, so memory stays bounded.
 * The worker counts the batches it has read in shared memory (`progress`) and posts a message only when it
 * reaches the count a paused reader waits for (RESUME_INFLIGHT under the limit): a message per batch, each
 * waking the main thread, cost the worker a tenth to a fifth of its time on a busy machine (CPU profiles).
 * finish() and steps() are synchronous, as ReducerRun's are: the main thread blocks on an Atomics wait
 * for the worker's answer (the lines are drained first, in CaptureSession.ready()).
 */

/** Characters of line text per batch: enough that a message's own cost is small beside its lines', few enough to keep the batches waiting on the worker under a megabyte. */
const BATCH_CHARS = 48 * 1024;
/**
 * Batches posted and not yet read by the worker, past which the reader pauses (about 0.75 MiB of text). 32 (1.5 MiB)
 * gave the reader room to go on while the worker started; it now waits for that start anyway (`busy`), and 16 measured
 * 3 MiB less peak RSS for the 256 MiB distinct log at the same CPU time.
 */
const MAX_INFLIGHT = 16;
/** A paused reader resumes once no more than this many batches wait: it then posts several before it pauses again, and the worker wakes it once for them all. */
const RESUME_INFLIGHT = 8;
/** How long finish() or steps() waits for the worker's answer before the run counts as failed. */
const CALL_TIMEOUT_MS = 60_000;
/**
 * The young generation of the worker's heap (see young-generation.ts for the main thread's): 2 MiB gives it two
 * semi-spaces of 1 MiB (V8's smallest), 4 MiB gave two of 2 MiB, 2 MiB more peak RSS for the same CPU time.
 */
const WORKER_YOUNG_MB = 2;

/** The `progress` words: batches the worker has read (its start counts as one), and the count the main thread waits for (0: none). */
export const PROGRESS_READ = 0;
export const PROGRESS_WAITING = 1;

/** A line's facts from the injection scan, as one byte: known at all, a classifier fragment, a notice fragment (core/line-facts.ts). */
export const FACT_KNOWN = 1;
export const FACT_CANDIDATE = 2;
export const FACT_NOTICE = 4;

/** What the worker needs to run the reducer: its registry name, the run's context, and the lines to read back from disk first. */
export interface OffloadSpec {
  reducer: string;
  context: RunContext;
  replay: { stream: StreamName; file: string; bytes: number; stamped: boolean } | null;
}

export type WorkerMessage =
  | { kind: 'lines'; texts: string[]; meta: Int32Array; facts: Uint8Array; marks: Record<number, LineMarks> | null }
  | { kind: 'call'; method: 'finish' | 'steps'; exit?: ExitInfo };
export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: string };

/** The worker script beside the bundle this module is part of, or null (an unbundled build, a test run). */
export function workerScript(): string | null {
  try {
    const file = fileURLToPath(new URL('./run-worker.cjs', import.meta.url));
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Whether a core is free for the worker: two or more, and no more other threads ready to run right now than cores
 * besides this one (Linux's count of runnable threads in /proc/loadavg, this process's own runnable threads taken
 * off; elsewhere the last minute's load average). On a machine busier than its cores a second thread only adds its
 * own cost (the batches, a second start) to a run that cannot go faster. An average over the last minute would also
 * count the run that just ended (a benchmark's previous run, an agent's previous command).
 */
export function hasSpareCore(cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length, others = otherRunnable()): boolean {
  return cores >= 2 && others <= cores - 1;
}

/** Threads of other processes ready to run right now, by runnableElsewhere; elsewhere than Linux the last minute's load average. */
function otherRunnable(): number {
  try {
    const others = runnableElsewhere(fs.readFileSync('/proc/loadavg', 'utf8'), ownThreadStates());
    if (others !== null) return others;
  } catch {
    // not Linux
  }
  return os.loadavg()[0] ?? 0;
}

/**
 * Runnable threads of other processes: /proc/loadavg's fourth field (`running/total`) less this process's own
 * runnable threads (at least the caller's). Not only the caller's: when a run decides, V8's helper threads are often
 * compiling or marking its heap too (one to four more runnable in 8 of 11 samples on a 2-core machine), and counting
 * them as another program's kept the reducer on the main thread of an idle machine. Null when `loadavg` has no count.
 */
export function runnableElsewhere(loadavg: string, ownStates: readonly string[]): number | null {
  const running = Number(/\s(\d+)\//.exec(loadavg)?.[1]);
  if (!Number.isFinite(running)) return null;
  let own = 0;
  for (const state of ownStates) if (state === 'R') own++;
  return Math.max(0, running - Math.max(1, own));
}

/** The state letter (R running or runnable, S sleeping, ...) of each of this process's threads, from /proc/self/task. */
function ownThreadStates(): string[] {
  const states: string[] = [];
  try {
    for (const task of fs.readdirSync('/proc/self/task')) {
      try {
        states.push(threadState(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8')));
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // no /proc/self/task: only the caller is counted
  }
  return states;
}

/** The state letter of a /proc stat line: the field after the command name, which is in parentheses and may hold any character. */
export function threadState(stat: string): string {
  const close = stat.lastIndexOf(')');
  return close < 0 ? '' : stat.charAt(close + 2);
}

export class RemoteRun implements ReducerRun {
  private readonly worker: WorkerType;
  private readonly replies: import('node:worker_threads').MessagePort;
  private readonly signal: Int32Array;
  /** Shared with the worker: PROGRESS_READ and PROGRESS_WAITING. */
  private readonly progress: Int32Array;
  /** Batches posted, the worker's start counted as the first. */
  private posted = 1;
  private readonly receive: typeof import('node:worker_threads').receiveMessageOnPort;
  /** The batch being gathered: its texts, and per line its number (negative on stderr) and facts, in arrays reused from batch to batch (a message is a copy). */
  private readonly texts: string[] = [];
  private meta = new Int32Array(1024);
  private facts = new Uint8Array(1024);
  private marks: Record<number, LineMarks> | null = null;
  private chars = 0;
  /** Readers waiting for the worker to catch up, each until no more than its limit of batches waits on it. */
  private waiting: Array<{ limit: number; resolve: () => void }> = [];
  /** Why the worker stopped, when it did: finish() then throws it, and the session degrades as for any failed reducer. */
  private failure: Error | null = null;
  /** Until the worker's first message (or its stop): the reader waits on it. */
  private starting: Promise<void> | null = null;
  private started: () => void = () => undefined;
  steps?: () => StepSpan[];

  constructor(script: string, spec: OffloadSpec, hasSteps: boolean) {
    const threads = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
    const channel = new threads.MessageChannel();
    this.receive = threads.receiveMessageOnPort;
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.progress = new Int32Array(new SharedArrayBuffer(8));
    this.replies = channel.port1;
    this.worker = new threads.Worker(script, {
      workerData: { spec, signal: this.signal, progress: this.progress, replies: channel.port2 },
      transferList: [channel.port2],
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
      stdout: false,
      stderr: false,
    });
    this.worker.unref();
    this.starting = new Promise<void>((resolve) => {
      this.started = () => {
        this.starting = null;
        resolve();
      };
    });
    // Its first message: hot.cjs compiled (run-worker.cjs), past the bootstrap that resets V8's flags.
    this.worker.once('message', () => {
      keepYoungGenerationCap();
      this.started();
    });
    this.worker.on('message', () => this.release());
    const stop = (err: Error): void => {
      this.failure ??= err;
      this.started();
      this.release();
    };
    this.worker.on('error', stop);
    this.worker.on('exit', (code) => stop(new Error(`reducer worker exited (code ${code})`)));
    if (hasSteps) this.steps = () => this.call({ kind: 'call', method: 'steps' }) as StepSpan[];
  }

  line(stream: StreamName, n: number, text: string, marks?: LineMarks): void {
    if (this.failure) return;
    const candidate = scannedCandidateOf(text);
    const k = this.texts.length;
    if (k === this.meta.length) this.grow();
    this.facts[k] = candidate === undefined ? 0 : FACT_KNOWN | (candidate ? FACT_CANDIDATE : 0) | (scannedNoticeOf(text) ? FACT_NOTICE : 0);
    this.meta[k] = stream === 'stdout' ? n : -n;
    if (marks) (this.marks ??= {})[k] = marks;
    this.texts.push(text);
    this.chars += text.length + 1;
    if (this.chars >= BATCH_CHARS) this.flush();
  }

  /**
   * Set while the worker starts, and while too many batches wait on it: the reader pauses until it settles. While
   * the worker starts, the creation of its heap sets V8's semi-space growth factor back to its default for the whole
   * process (young-generation.ts), and its code cache is accepted only with that default: a reader that went on
   * meanwhile made the main thread's young generation double past its cap (4 MiB more peak RSS) before
   * keepYoungGenerationCap could stop it again once the worker had compiled hot.cjs.
   */
  get busy(): Promise<void> | null {
    if (this.starting) return this.starting.then(() => this.busy ?? undefined);
    return this.inflight <= MAX_INFLIGHT ? null : this.waitBelow(RESUME_INFLIGHT);
  }

  /** Sends the last batch and waits until the worker has read every line (or stopped). */
  async drain(): Promise<void> {
    this.flush();
    await this.waitBelow(0);
  }

  /** The worker stays up after it: the session asks for the steps again, then closes it. */
  finish(exit: ExitInfo): PacketParts {
    return this.call({ kind: 'call', method: 'finish', exit }) as PacketParts;
  }

  /** Stops the worker; a call after it fails at once. */
  close(): void {
    this.failure ??= new Error('reducer worker closed');
    void this.worker.terminate();
  }

  /** Batches the worker has not read yet. */
  private get inflight(): number {
    return this.posted - Atomics.load(this.progress, PROGRESS_READ);
  }

  /** A promise that settles once no more than `limit` batches wait on the worker (or it stopped); null when none need wait. */
  private waitBelow(limit: number): Promise<void> | null {
    if (this.inflight <= limit || this.failure) return null;
    const promise = new Promise<void>((resolve) => this.waiting.push({ limit, resolve }));
    this.release();
    return promise;
  }

  /**
   * Settles the waits the worker's progress (or its stop) allows, and asks the worker to post when it has read the
   * count the nearest of the rest waits for. Then it looks again: either that look sees a batch read after the request,
   * or the worker sees the request (both sides use sequentially consistent atomics).
   */
  private release(): void {
    for (;;) {
      const ready = this.waiting.filter((w) => this.inflight <= w.limit || this.failure);
      if (ready.length) {
        this.waiting = this.waiting.filter((w) => !ready.includes(w));
        for (const w of ready) w.resolve();
      }
      if (this.waiting.length === 0) return;
      const limit = Math.max(...this.waiting.map((w) => w.limit));
      Atomics.store(this.progress, PROGRESS_WAITING, this.posted - limit);
      if (this.inflight > limit) return;
    }
  }

  private flush(): void {
    if (this.texts.length === 0 || this.failure) return;
    const k = this.texts.length;
    const message: WorkerMessage = { kind: 'lines', texts: this.texts, meta: this.meta.slice(0, k), facts: this.facts.slice(0, k), marks: this.marks };
    this.marks = null;
    this.chars = 0;
    this.posted++;
    this.worker.postMessage(message);
    this.texts.length = 0;
  }

  /** Room for twice as many lines in the batch (a batch of short lines). */
  private grow(): void {
    const meta = new Int32Array(this.meta.length * 2);
    meta.set(this.meta);
    this.meta = meta;
    const facts = new Uint8Array(this.facts.length * 2);
    facts.set(this.facts);
    this.facts = facts;
  }

  /** Asks the worker for a run's answer and blocks until it comes (the worker signals through shared memory). */
  private call(message: WorkerMessage): unknown {
    this.flush();
    if (this.failure) throw this.failure;
    Atomics.store(this.signal, 0, 0);
    this.worker.postMessage(message);
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    for (;;) {
      const reply = this.receive(this.replies);
      if (reply) {
        const answer = reply.message as WorkerReply;
        if (answer.ok) return answer.value;
        throw new Error(answer.error);
      }
      // The worker sets 2 as it exits (an error it could not answer with): no answer will come.
      if (Atomics.load(this.signal, 0) === 2) throw new Error('reducer worker stopped');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('reducer worker did not answer');
      Atomics.wait(this.signal, 0, 0, Math.min(left, 1000));
    }
  }
}
