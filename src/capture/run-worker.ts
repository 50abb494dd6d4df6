import { createRequire } from 'node:module';
import type { LineMarks, ReducerRun, StreamName } from '../core/types.js';
import { readPrefix } from '../store/artifact-file.js';
import { noteScannedLine } from '../core/line-facts.js';
import { LineSplitter } from '../core/line-splitter.js';
import { unstamp } from '../core/line-stamps.js';
import { reducers } from '../reducers/registry.js';
import { errorMessage } from '../errors.js';
import { FACT_CANDIDATE, FACT_KNOWN, FACT_NOTICE, PROGRESS_READ, PROGRESS_WAITING, type OffloadSpec, type WorkerMessage, type WorkerReply } from './remote-run.js';

/**
 * The worker thread's side of RemoteRun: starts the named reducer with the run's context, reads back
 * from the stored stream the lines the main thread had already seen, then reads each batch of lines as
 * it comes and answers finish() and steps(). A reducer that throws is remembered, as on the main thread:
 * no more lines reach it, and the answer is the error (the session then degrades to the text reducer).
 */
export async function runReducerWorker(): Promise<void> {
  const threads = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const { spec, signal, progress, replies } = threads.workerData as { spec: OffloadSpec; signal: Int32Array; progress: Int32Array; replies: import('node:worker_threads').MessagePort };
  const port = threads.parentPort!;
  const answer = (reply: WorkerReply): void => {
    replies.postMessage(reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  process.on('exit', () => {
    Atomics.store(signal, 0, 2);
    Atomics.notify(signal, 0);
  });

  let run: ReducerRun | null = null;
  let failure: unknown = null;
  try {
    const row = reducers.find((r) => r.name === spec.reducer);
    if (!row) throw new Error(`no reducer named ${spec.reducer}`);
    run = (await row.load()).start(spec.context);
    if (spec.replay) replay(spec.replay, (stream, n, text, marks) => run!.line(stream, n, text, marks));
  } catch (err) {
    failure = err;
  }
  // Started, and read back what was stored: the main thread may finish (and rename the file) from now on.
  Atomics.add(progress, PROGRESS_READ, 1);
  Atomics.store(progress, PROGRESS_WAITING, 0);
  port.postMessage(0); // wakes a reader that waits (run-worker.cjs posted the first message once hot.cjs compiled)

  port.on('message', (message: WorkerMessage) => {
    if (message.kind === 'lines') {
      if (run && !failure) {
        try {
          readBatch(message, run);
        } catch (err) {
          failure = err;
        }
      }
      // Read: the main thread may send more. It hears of it only when it waits (remote-run.ts, waitBelow).
      const read = Atomics.add(progress, PROGRESS_READ, 1) + 1;
      const wanted = Atomics.load(progress, PROGRESS_WAITING);
      if (wanted !== 0 && read >= wanted) {
        Atomics.store(progress, PROGRESS_WAITING, 0);
        port.postMessage(0);
      }
      return;
    }
    if (failure || !run) return answer({ ok: false, error: errorMessage(failure ?? new Error('reducer did not start')) });
    try {
      const value = message.method === 'finish' ? run.finish(message.exit!) : (run.steps?.() ?? []);
      answer({ ok: true, value });
    } catch (err) {
      answer({ ok: false, error: errorMessage(err) });
    }
  });
}

function readBatch(batch: Extract<WorkerMessage, { kind: 'lines' }>, run: ReducerRun): void {
  const { texts, meta, facts, marks } = batch;
  for (let i = 0; i < meta.length; i++) {
    const line = texts[i]!;
    const fact = facts[i]!;
    // The injection scan's facts about the line, as the main thread found them (see core/line-facts.ts).
    if (fact & FACT_KNOWN) noteScannedLine(line, (fact & FACT_CANDIDATE) !== 0, (fact & FACT_NOTICE) !== 0);
    const n = meta[i]!;
    run.line(n > 0 ? 'stdout' : 'stderr', Math.abs(n), line, marks?.[i]);
  }
}

/** Feeds the first `bytes` of a stored stream, split and decoded as the capture splits them. */
function replay(source: NonNullable<OffloadSpec['replay']>, feed: (stream: StreamName, n: number, text: string, marks?: LineMarks) => void): void {
  // The name as a literal, not the copy workerData made: a reducer's `x[stream]` with a string that is not the
  // internalized one cannot use its inline cache (the log digest's line count went megamorphic for the whole run).
  const stream: StreamName = source.stream === 'stderr' ? 'stderr' : 'stdout';
  const splitter = new LineSplitter((n, text, marks) => feed(stream, n, source.stamped ? unstamp(text) : text, marks));
  // readPrefix hands over a copy of each read: the splitter keeps views of a line that runs on into the next one.
  readPrefix(source.file, source.bytes, (bytes) => splitter.push(bytes));
}
