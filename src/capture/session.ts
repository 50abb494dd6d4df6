import fs from 'node:fs';
import type { Config } from '../config.js';
import { detectReducer, type Detection } from '../core/detect.js';
import { resolveIntent, type IntentDecision } from '../core/intent.js';
import { decodeLine } from '../core/lines.js';
import { errorMessage } from '../errors.js';
import type { ExitInfo, Intent, LineMarks, PacketParts, Probe, Reducer, ReducerRun, RegisteredReducer, RunContext, StreamName } from '../core/types.js';
import { createInjectionScanner, type InjectionResult } from '../safety/injection.js';
import { LongLineScan } from '../safety/long-lines.js';
import { ArtifactFile, readPrefix, removeFile } from '../store/artifact-file.js';
import { claimId, tempStreamPath } from '../store/artifact-store.js';
import type { ArtifactMeta, StoredStream } from '../store/metadata.js';
import { ensureOutputsDir } from '../store/outputs-dir.js';
import { fallbacks, reducers as registry } from '../reducers/registry.js';
import { RemoteRun, hasSpareCore, workerScript } from './remote-run.js';
import { WATCH_AFTER_BYTES, raiseYoungGenerationCap, watchYoungGeneration } from './young-generation.js';
import { textReducer } from '../reducers/generic/text.js';
import { guessContentType, type ContentType } from './content-type.js';
import { isSourcePrefixed, isStamped, STAMPS_NOTE, unstamp, unstampHead } from '../core/line-stamps.js';
import { LineSplitter } from '../core/line-splitter.js';
import { RawWindow } from './raw-window.js';
import { parseJsonText, type ParsedJson } from './json-document.js';
import { count } from '../core/format.js';
import { printedThroughFilter, shellScript } from '../core/argv.js';
import { echoedCommand } from '../core/echoed-command.js';
import { planStepReads, readStep, type StepRead } from './step-reads.js';
import { wholeFloor } from '../core/packer.js';
import { VERDICT_DATA_CAP } from '../core/budget.js';
import { withStepParts, type StepParts } from '../reducers/generic/merge-parts.js';

/** Bytes of each stream seen before the reducer is chosen. */
export const PROBE_BYTES = 8 * 1024;
/**
 * Bytes seen before the reducer is chosen when the lines carry a collector's stamp or source: a stamp of 30 bytes
 * before lines of 30 would leave half a probe of the tool's own lines, and a report that opens with a few hundred
 * short lines (mocha's ✔ rows) then shows detection nothing of its format.
 */
const STAMPED_PROBE_BYTES = 2 * PROBE_BYTES;
/** Largest stdout parsed as one JSON document; bigger JSON is read as text lines. */
export const JSON_PARSE_CAP = 32 * 1024 * 1024;

export interface SessionOptions {
  outputsDir: string;
  argv: string[];
  command: string;
  cwd: string;
  mode: 'wrap' | 'pipe';
  family?: string;
  config: Config;
  reducers: readonly RegisteredReducer[];
  createdAt?: Date;
  /** `--intent`: what the caller ran the command for, ahead of every guess. */
  intent?: Intent;
  /**
   * Where a stream's bytes go when the store cannot hold them (the CLI: its own stdout and stderr).
   * From the first failure on, the whole stream passes through, the part already stored read back
   * from disk: nothing is dropped. Without it, only a head and tail window is kept in memory.
   */
  passthrough?: (stream: StreamName, bytes: Buffer) => void;
  /**
   * Stored bytes past which the reducer moves to a worker thread (remote-run.ts), when the run allows it and a
   * core is free (`anyLoad`: whatever the load, given two cores); never when unset. Only a caller that waits on
   * `busy` sets it.
   */
  offload?: { at: number; anyLoad: boolean };
}

/** One stream's tee: raw bytes to the artifact file, decoded lines to the reducer. */
class StreamTap {
  readonly file: ArtifactFile | null;
  readonly splitter: LineSplitter;
  readonly raw = new RawWindow();
  head: Buffer[] = [];
  headBytes = 0;
  /** Whether the first PROBE_BYTES carry a collector's stamps (isStamped), judged once they are in. */
  stampedHead: boolean | undefined;
  /** Passing through since the store failed. */
  spilled = false;

  constructor(
    readonly stream: StreamName,
    dir: string | null,
    onLine: (stream: StreamName, n: number, text: string, marks?: LineMarks, bytes?: Buffer, start?: number, end?: number) => void,
    onOverflow?: (stream: StreamName, bytes: Buffer) => void,
  ) {
    this.file = dir ? new ArtifactFile(tempStreamPath(dir, stream)) : null;
    this.splitter = new LineSplitter((n, text, marks, bytes, start, end) => onLine(stream, n, text, marks, bytes, start, end), onOverflow && ((bytes) => onOverflow(stream, bytes)));
  }

  /** The first PROBE_BYTES (or `limit`) bytes of the stream. */
  headBuffer(limit = PROBE_BYTES): Buffer {
    const head = Buffer.concat(this.head, this.headBytes);
    return head.length > limit ? head.subarray(0, limit) : head;
  }

  /** Whether enough of the stream is in to choose its reducer: PROBE_BYTES, or STAMPED_PROBE_BYTES of stamped lines. */
  probed(): boolean {
    if (this.headBytes < PROBE_BYTES) return false;
    if (this.headBytes >= STAMPED_PROBE_BYTES) return true;
    this.stampedHead ??= isStamped(decodeHead(this.headBuffer()));
    return !this.stampedHead;
  }
}

export interface SessionResult {
  /** Null when the store could not be written. */
  id: string | null;
  detection: Detection<Reducer>;
  /** Why the command was run, and what decided it. */
  intent: IntentDecision;
  contentType: ContentType;
  contentDetail?: string;
  parts: PacketParts;
  notes: string[];
  /** The notes about how the run went (not about the output's shape): kept even by a verbatim packet. */
  runNotes: string[];
  /** Streams whose lines carry a collector's timestamp, read past by the reducer and left out of excerpts. */
  stamped: Record<StreamName, boolean> | null;
  /** The store failed and the streams were passed through whole (SessionOptions.passthrough). */
  passedThrough: boolean;
  storeError: Error | null;
  streams: Record<StreamName, StreamTap>;
  durationMs: number;
  createdAt: Date;
  /** The prompt-injection scan over every line of both streams. */
  injection: InjectionResult;
  /** The reducer ran on a worker thread (remote-run.ts). */
  offloaded: boolean;
}

/**
 * Captures one run: every chunk goes to disk first, then through the line splitter to the
 * reducer chosen from argv and the first 8 KiB. The reducer sees lines as they arrive and
 * keeps bounded state; the artifact on disk is the memory.
 */
export class CaptureSession {
  readonly createdAt: Date;
  readonly stdout: StreamTap;
  readonly stderr: StreamTap;
  storeError: Error | null = null;
  errorLinesSeen = 0;
  /** Counting error-looking lines costs a regex per line; only the live status line wants it. */
  countErrors = false;
  /** Streams whose lines carry a collector's timestamp that the reducer reads past (see line-stamps.ts). */
  private stamped: Record<StreamName, boolean> | null = null;
  /** What stdout is past the stamps, when they are read past (a JSON document behind `docker logs -t`). */
  private bareContent: ReturnType<typeof guessContentType> | null = null;
  /** The row detection chose; `detection` once its body runs (the lines wait in `pending` until then). */
  private chosen: Detection<RegisteredReducer> | null = null;
  private detection: Detection<Reducer> | null = null;
  private loading: Promise<void> | null = null;
  private intent: IntentDecision = { intent: 'verdict', source: 'default' };
  private run: ReducerRun | null = null;
  /** The context the reducer started with (a worker starts its own run with it). */
  private context: RunContext | null = null;
  /** The run on a worker thread, once the output grew past `offload.at` (remote-run.ts). */
  private remote: RemoteRun | null = null;
  private offloadTried = false;
  /** The CLI's young-generation watch was started (young-generation.ts: after WATCH_AFTER_BYTES of output). */
  private watchingHeap = false;
  private pending: Array<[StreamName, number, string, LineMarks | undefined]> = [];
  private reducerFailure: Error | null = null;
  private readonly runNotes: string[] = [];
  private readonly started = Date.now();
  private readonly scanner = createInjectionScanner();
  // The rest of lines longer than reducers see, scanned for injection in segments.
  private readonly longLines = {
    stdout: new LongLineScan((n, text) => this.scanner.line('stdout', n, text)),
    stderr: new LongLineScan((n, text) => this.scanner.line('stderr', n, text)),
  };

  constructor(private readonly options: SessionOptions) {
    this.createdAt = options.createdAt ?? new Date();
    let dir: string | null = options.outputsDir;
    try {
      ensureOutputsDir(options.outputsDir);
    } catch (err) {
      this.storeError = err as Error;
      dir = null;
    }
    const onLine = (stream: StreamName, n: number, text: string, marks?: LineMarks, bytes?: Buffer, start?: number, end?: number): void =>
      this.onLine(stream, n, text, marks, bytes, start, end);
    const onOverflow = (stream: StreamName, bytes: Buffer): void => this.longLines[stream].push(bytes, this[stream].splitter.lines + 1);
    this.stdout = new StreamTap('stdout', dir, onLine, onOverflow);
    this.stderr = new StreamTap('stderr', dir, onLine, onOverflow);
  }

  /** Opens stdout's file at once so a store that cannot be written is known before any output. */
  open(): void {
    if (!this.stdout.file) return;
    this.stdout.file.open();
    this.storeError ??= this.stdout.file.failure;
  }

  write(stream: StreamName, chunk: Buffer): void {
    const tap = stream === 'stdout' ? this.stdout : this.stderr;
    if (tap.file) {
      tap.file.write(chunk);
      this.storeError ??= tap.file.failure;
    }
    if (this.storeError && this.options.passthrough) this.spill(tap, chunk);
    tap.raw.push(chunk);
    if (tap.headBytes < STAMPED_PROBE_BYTES) {
      const take = chunk.subarray(0, STAMPED_PROBE_BYTES - tap.headBytes);
      tap.head.push(take);
      tap.headBytes += take.length;
    }
    // Before the chunk is read: the first large chunk (the reducer chosen and loaded, the scanner's tables built)
    // made V8 double the young generation past the cap before a check after it could stop the growth.
    if (!this.watchingHeap && tap.splitter.bytes + chunk.length >= WATCH_AFTER_BYTES) {
      this.watchingHeap = true;
      watchYoungGeneration();
    }
    tap.splitter.push(chunk);
    if (!this.chosen && (this.stdout.probed() || this.stderr.probed())) this.choose();
    if (!this.offloadTried && this.options.offload && tap.splitter.bytes >= this.options.offload.at && this.detection) this.offload();
  }

  /**
   * Moves the reducer to a worker thread (remote-run.ts) when the run allows it: a built-in reducer with no
   * JSON document to read, the lines of one stream only so far (the worker reads them back from the stored
   * file, and two files would lose their interleaving), a store that works, a worker script, a spare core.
   * Otherwise the run stays here. Either way it is decided once.
   */
  private offload(): void {
    this.offloadTried = true;
    // A run that stays here may use the main thread's full young generation (the CLI starts it smaller).
    if (!this.moveToWorker()) raiseYoungGenerationCap();
  }

  private moveToWorker(): boolean {
    const detection = this.detection!;
    const run = this.run;
    if (!run || this.reducerFailure || run.json || !this.context || this.storeError || !hasSpareCore(undefined, this.options.offload!.anyLoad ? 0 : undefined)) return false;
    if (registry.find((r) => r.name === detection.reducer.name)?.loaded() !== detection.reducer) return false;
    const fed = [this.stdout, this.stderr].filter((tap) => tap.splitter.bytes > 0);
    if (fed.length > 1) return false;
    const script = workerScript();
    if (!script) return false;
    const tap = fed[0] ?? this.stdout;
    if (!tap.file || tap.file.stored !== tap.file.bytes) return false;
    try {
      this.remote = new RemoteRun(script, {
        reducer: detection.reducer.name,
        context: this.context,
        replay: tap.splitter.consumed > 0 ? { stream: tap.stream, file: tap.file.tempPath, bytes: tap.splitter.consumed, stamped: this.stamped?.[tap.stream] ?? false } : null,
      }, Boolean(run.steps));
      this.run = this.remote;
      this.stdout.splitter.sliceAscii = this.stderr.splitter.sliceAscii = true;
      return true;
    } catch {
      this.remote = null; // no worker: the run goes on here
      return false;
    }
  }

  /**
   * Set while the chosen reducer's body loads (its module is imported on first use), when the lines
   * wait in memory meanwhile, and while a reducer on a worker thread is behind: a driver pauses its
   * input until this settles.
   */
  get busy(): Promise<void> | null {
    return this.detection ? (this.remote?.busy ?? null) : this.loading;
  }

  /** Chooses the reducer now if the probe has not filled, and waits for its body: await it before finish(). */
  async ready(): Promise<void> {
    if (!this.chosen) this.choose();
    await this.loading;
    if (this.remote) await this.remote.drain();
    // A job log's steps are read again at finish by their own reducers: their bodies load now.
    const steps = this.plannedSteps();
    if (steps.length) await Promise.all([...steps.map((read) => read.reducer), fallbacks.json].map((row) => row.load().catch(() => undefined)));
  }

  /** A note about how the run went (from the code that ran the command), for the packet. */
  note(text: string): void {
    this.runNotes.push(text);
  }

  progress(): { bytes: number; lines: number; errors: number } {
    return {
      bytes: this.stdout.splitter.bytes + this.stderr.splitter.bytes,
      lines: this.stdout.splitter.lines + this.stderr.splitter.lines,
      errors: this.errorLinesSeen,
    };
  }

  /** `durationMs` replaces the measured time when the output was captured elsewhere (`reduce ingest`). */
  finish(exit: ExitInfo, durationMs?: number): SessionResult {
    this.stdout.splitter.end();
    this.stderr.splitter.end();
    if (!this.chosen) this.choose();
    if (!this.detection) throw new Error(`the body of reducer ${this.chosen!.reducer.name} is still loading (await ready() before finish())`);
    const detection = this.detection;
    const notes: string[] = [...this.runNotes];

    for (const tap of [this.stdout, this.stderr]) {
      if (!tap.file) continue;
      if (tap.stream === 'stdout' || tap.file.opened) {
        if (!tap.file.close()) this.storeError ??= tap.file.failure;
      }
    }

    let id: string | null = null;
    if (!this.storeError) {
      try {
        id = claimId(this.options.outputsDir, this.createdAt, detection.reducer.family, {
          stdout: this.stdout.file!.tempPath,
          stderr: this.stderr.file!.bytes > 0 ? this.stderr.file!.tempPath : null,
        }, (claimed) => this.placeholder(claimed, detection, exit));
      } catch (err) {
        this.storeError = err as Error;
      }
    }
    if (this.storeError && this.options.passthrough) for (const tap of [this.stdout, this.stderr]) this.spill(tap, Buffer.alloc(0));
    if (this.storeError) this.cleanTemps();

    const content = this.bareContent ?? guessContentType(this.stdout.headBuffer());
    let trailing: { from: number; to: number } | null = null;
    let cutOff: { from: number; to: number } | undefined;
    if (id && this.run?.json && detection.reducer.wantsJson && content.type === 'json' && this.stdout.splitter.bytes <= JSON_PARSE_CAP && !this.reducerFailure) {
      const parsed = parseJsonFile(`${this.options.outputsDir}/${id}.stdout`, this.stamped?.stdout ?? false);
      if (parsed) {
        try {
          this.run.json(parsed.doc, parsed.style);
        } catch (err) {
          this.reducerFailure = err as Error;
        }
        trailing = parsed.trailing;
        cutOff = parsed.cutOff;
      }
    }

    let parts: PacketParts | null = null;
    if (this.run && !this.reducerFailure) {
      try {
        parts = this.run.finish(exit);
      } catch (err) {
        this.reducerFailure = err as Error;
      }
    }
    if (parts && id && this.run?.steps && !this.reducerFailure) parts = this.readSteps(parts, id, notes);
    // The worker answered its last call (finish, then the steps to read again).
    this.remote?.close();
    if (!parts) {
      notes.push(`degraded: reducer ${detection.reducer.name} failed (${errorMessage(this.reducerFailure).slice(0, 200)}); generic text reducer used`);
      parts = id ? this.rereadAsText(id, exit) : emptyParts(exit);
    }
    if (detection.source === 'fallback' && content.type === 'json' && detection.reducer.name === 'json' && !parts.fields.type) notes.push('output looked like JSON but did not parse; read as text');
    if (trailing && this.run && !this.reducerFailure) citeTrailing(parts, trailing);
    if (cutOff && this.run && !this.reducerFailure) {
      citeCutOff(parts, cutOff);
      notes.push(`the JSON document is cut off (it never closes): read as the values complete before line ${count(cutOff.from)}`);
    }
    if (this.stamped) notes.push(STAMPS_NOTE);

    return {
      id,
      detection,
      intent: this.intent,
      contentType: content.type,
      ...(content.detail ? { contentDetail: content.detail } : {}),
      parts,
      notes,
      runNotes: [...this.runNotes],
      stamped: this.stamped,
      passedThrough: this.stdout.spilled || this.stderr.spilled,
      storeError: this.storeError,
      streams: { stdout: this.stdout, stderr: this.stderr },
      durationMs: durationMs ?? Date.now() - this.started,
      createdAt: this.createdAt,
      injection: this.scanner.finish(),
      offloaded: this.remote !== null,
    };
  }

  /** Passes a stream through once the store failed: first what reached the disk, then the rest. */
  private spill(tap: StreamTap, chunk: Buffer): void {
    const sink = this.options.passthrough!;
    if (!tap.spilled) {
      tap.spilled = true;
      const file = tap.file;
      if (file && file.stored > 0) readPrefix(file.tempPath, file.stored, (bytes) => sink(tap.stream, bytes));
      const before = file ? file.bytes - chunk.length : 0;
      chunk = chunk.subarray(Math.max(0, (file?.stored ?? 0) - before));
    }
    if (chunk.length) sink(tap.stream, chunk);
  }

  /** The small metadata that claims an id before the packet exists: the streams' facts, no packet, tainted until the lane is known. */
  private placeholder(id: string, detection: Detection<Reducer>, exit: ExitInfo): ArtifactMeta {
    const { config } = this.options;
    const stream = (tap: StreamTap): StoredStream => ({ bytes: tap.splitter.bytes, lines: tap.splitter.lines, sha256: tap.file!.sha256(), file: `${id}.${tap.stream}`, index: { stride: 1, offsets: [] } });
    const content = guessContentType(this.stdout.headBuffer());
    return {
      schema: 'reduce.artifact/1',
      id,
      command: this.options.command,
      argv: this.options.argv,
      cwd: this.options.cwd,
      mode: this.options.mode,
      family: detection.reducer.family,
      reducer: `${detection.reducer.name}@${detection.reducer.version}`,
      createdAt: this.createdAt.toISOString(),
      durationMs: Date.now() - this.started,
      exit,
      streams: { stdout: stream(this.stdout), ...(this.stderr.splitter.bytes > 0 ? { stderr: stream(this.stderr) } : {}) },
      contentType: content.detail ? `${content.type}/${content.detail}` : content.type,
      trustLane: 'external-untrusted',
      tainted: true,
      retention: { duration: config.retention, expiresAt: new Date(this.createdAt.getTime() + config.retentionMs).toISOString() },
      redaction: 'none',
    };
  }

  /** Drops what was written: for a command that never started there is nothing to keep. */
  discard(): void {
    this.remote?.close();
    for (const tap of [this.stdout, this.stderr]) {
      if (!tap.file) continue;
      tap.file.close();
      removeFile(tap.file.tempPath);
    }
  }

  private choose(): void {
    const probe: Probe = {
      argv: this.options.argv,
      head: decodeHead(this.stdout.headBuffer()),
      stderrHead: decodeHead(this.stderr.headBuffer()),
    };
    let content = guessContentType(this.stdout.headBuffer());
    // A task runner's run (`npm run lint`, `make test`) is read as the command it echoed (src/core/echoed-command.ts).
    const echoed = this.options.family ? null : echoedCommand(probe.argv, probe.head);
    if (echoed) {
      // Detection and the reducer read the command's own output from its start (go test -json's first event, a
      // JSON document or a diff), past the runner's header; every line is still fed to the reducer.
      probe.argv = echoed.argv;
      probe.head = probe.head.split('\n').slice(echoed.line + 1).join('\n');
      if (content.type === 'text') this.bareContent = content = guessContentType(Buffer.from(probe.head));
    }
    const flag = this.options.intent ? { flag: this.options.intent } : {};
    // The shell line that printed the output: a `sh -c` script, or the command text a pipe was given (`--command`).
    const line = shellScript(this.options.argv) ?? (this.options.mode === 'pipe' ? this.options.command : null);
    const filtered = line !== null && printedThroughFilter(line) ? { filtered: true } : {};
    const inputsOf = (p: Probe) => ({ argv: p.argv, head: p.head, stderrHead: p.stderrHead, contentType: content.type, config: this.options.config.intents, ...flag, ...filtered });
    // Before a reducer is chosen only the flag, the verb table and the content can speak.
    const detect = (p: Probe): Detection<RegisteredReducer> => {
      p.intent = resolveIntent({ ...inputsOf(p), reducer: { name: '', family: '' } }).intent;
      return detectReducer(p, this.options.reducers, this.options.family);
    };
    let chosen: Detection<RegisteredReducer> = content.type === 'binary' && !this.options.family ? { reducer: fallbacks.binary, source: 'content', score: 1 } : detect(probe);
    // Lines behind a collector's timestamps (a CI job's raw log with no runner markers, `docker logs -t`
    // piped): detection and the reducer read the lines past the stamps when that finds another reader
    // (go test's, jest's) than the stamped lines do; the artifact keeps them. A reducer sure of the
    // stamped lines as they are (`kubectl logs --timestamps`, `gh run view --log` by argv or shape) reads
    // its own format, and a log whose own lines start with the time stays a log, read as it is.
    // Lines named by one source (`docker compose up tests`, `kubectl logs --prefix`) are that source's own: a tool's
    // report there (pytest's, jest's) is read past the prefix even when the collector's reader claimed the run,
    // which keeps a plain log (a server's) with its prefixes. A tool's reader (vitest's) chosen for the stamped lines
    // reads them past the stamps: its format never starts with one.
    const stamped = { stdout: isStamped(probe.head), stderr: isStamped(probe.stderrHead) };
    const sourced = COLLECTOR_READERS.has(chosen.reducer.name) && ((stamped.stdout && isSourcePrefixed(probe.head)) || (stamped.stderr && isSourcePrefixed(probe.stderrHead)));
    const toolReader = !STAMPED_LOG_READERS.has(chosen.reducer.name);
    if ((stamped.stdout || stamped.stderr) && content.type !== 'binary' && !this.options.family && (chosen.score < SURE_OF_STAMPS || sourced || toolReader)) {
      // The lines past the stamps, as much of them as an unstamped run's probe holds (the stream's longer head).
      const bareHead = (tap: StreamTap, head: string) => (echoed ? unstampHead(head) : unstampHead(decodeHead(tap.headBuffer(STAMPED_PROBE_BYTES))).slice(0, PROBE_BYTES));
      const bare: Probe = { ...probe, head: stamped.stdout ? bareHead(this.stdout, probe.head) : probe.head, stderrHead: stamped.stderr ? bareHead(this.stderr, probe.stderrHead) : probe.stderrHead };
      // Past the stamps the content may be a JSON document (`cat report.json` behind `docker logs -t`).
      const stampedContent = content;
      if (stamped.stdout) content = guessContentType(Buffer.from(bare.head));
      const read = detect(bare);
      // A tool's reader stays when the bare lines find only a log reader; it reads them bare all the same.
      const next = read.reducer === chosen.reducer || (toolReader && STAMPED_LOG_READERS.has(read.reducer.name)) ? chosen : read;
      const bareRead = next !== chosen ? !(sourced && PLAIN_LOG_READERS.has(next.reducer.name)) : !STAMPED_LOG_READERS.has(next.reducer.name);
      if (bareRead) {
        Object.assign(probe, bare);
        chosen = next;
        this.stamped = stamped;
        this.bareContent = content;
      } else content = stampedContent;
    }
    const intentInputs = inputsOf(probe);
    this.chosen = chosen;
    this.intent = resolveIntent({ ...intentInputs, reducer: chosen.reducer, claimed: chosen.source === 'claim' || chosen.source === 'explicit' });
    const contentType = content.detail ? `${content.type}/${content.detail}` : content.type;
    const begin = (reducer: Reducer): void => this.begin({ ...chosen, reducer }, probe, contentType);
    // A JSON document printed as the answer (`tsc --showConfig`, `pip install --dry-run --report -`) is
    // read as a document even when the family's reducer reads its run reports only; the packet keeps the family's name.
    const asDocument = (reducer: Reducer): boolean => this.intent!.intent === 'answer' && content.type === 'json' && !reducer.wantsJson;
    const start = (reducer: Reducer): void | Promise<void> => {
      if (!asDocument(reducer)) return begin(reducer);
      const json = fallbacks.json.loaded();
      if (json) return begin(readAsDocument(reducer, json));
      return fallbacks.json.load().then((j) => begin(readAsDocument(reducer, j)), () => begin(reducer));
    };
    const body = chosen.reducer.loaded();
    if (body) this.loading = start(body) ?? null;
    else this.loading = chosen.reducer.load().then(start, (err: unknown) => begin(unloadable(chosen.reducer, err)));
  }

  /** Starts the chosen reducer and hands it the lines that waited for it. */
  private begin(detection: Detection<Reducer>, probe: Probe, contentType: string): void {
    this.detection = detection;
    try {
      this.context = { argv: probe.argv, errorPatterns: this.options.config.errorPatterns, head: probe.head, contentType, intent: this.intent.intent };
      this.run = detection.reducer.start(this.context);
    } catch (err) {
      this.reducerFailure = err as Error;
    }
    const pending = this.pending;
    this.pending = [];
    for (const [stream, n, text, marks] of pending) this.feed(stream, n, text, marks);
  }

  private onLine(stream: StreamName, n: number, text: string, marks?: LineMarks, bytes?: Buffer, start?: number, end?: number): void {
    if (!this.longLines[stream].flush(n)) this.scanner.line(stream, n, text, bytes, start, end);
    if (this.countErrors && ERRORISH.test(text)) this.errorLinesSeen++;
    if (!this.detection) {
      this.pending.push([stream, n, text, marks]);
      return;
    }
    this.feed(stream, n, text, marks);
  }

  private feed(stream: StreamName, n: number, text: string, marks: LineMarks | undefined): void {
    if (!this.run || this.reducerFailure) return;
    try {
      this.run.line(stream, n, this.stamped?.[stream] ? unstamp(text) : text, marks);
    } catch (err) {
      this.reducerFailure = err as Error;
    }
  }

  /** The steps of a job log to read again (capture/step-reads.ts); none for other output. */
  private plannedSteps(): StepRead[] {
    if (!this.run?.steps || this.reducerFailure) return [];
    try {
      return planStepReads(this.run.steps(), this.options.reducers, this.options.config);
    } catch {
      return [];
    }
  }

  /** The job log's packet with each planned step read again by its own reducer from the stored stream. */
  private readSteps(parts: PacketParts, id: string, notes: string[]): PacketParts {
    const reads = this.plannedSteps();
    const steps: StepParts[] = [];
    for (const read of reads) {
      const body = read.reducer.loaded();
      if (!body) continue;
      try {
        const { span } = read;
        const stepParts = readStep(`${this.options.outputsDir}/${id}.${span.stream}`, read, body, fallbacks.json.loaded(), this[span.stream].splitter.fineIndex);
        // What a run of the step's command alone would show whole (an answer, a failure, a short success: under `auto` a
        // run's output up to packer.ts wholeFloor is shown whole, see preferWhole), the step shows whole too.
        const { answer, failure, success } = this.options.config.budgets;
        // A passing step's floor is a run's (preferWhole): higher when its reader is unsure of what it read.
        const floor = wholeFloor(stepParts.status, stepParts.confidence);
        const verdictSuccess = !span.exitCode && read.intent !== 'answer';
        if (span.bytes <= (span.exitCode ? failure - WHOLE_STEP_ROOM : read.intent === 'answer' ? answer : Math.max(success, floor))) {
          stepParts.citations.unshift({ ref: 'whole', stream: span.stream, from: span.from, to: span.to, label: 'the step\'s output', kind: 'step output', layout: 'edges', priority: 'high' });
          // Room for it under `auto`, as a run's data grows a success budget (capped, see budget.ts); a passing
          // verdict's step past that cap gets the room a run of it alone would be shown whole in (wholeStepBytes).
          stepParts.answerBytes = Math.max(stepParts.answerBytes ?? 0, span.bytes);
          if (verdictSuccess && span.bytes > VERDICT_DATA_CAP) stepParts.wholeStepBytes = span.bytes + WHOLE_STEP_ROOM;
        }
        steps.push({ label: span.label, command: span.command, exitCode: span.exitCode, lines: { stream: span.stream, from: span.from, to: span.to }, reducer: `${body.name}@${body.version}`, parts: stepParts, ...(span.unread ? { unread: span.unread } : {}) });
      } catch (err) {
        notes.push(`degraded: step "${read.span.label}" could not be read by ${read.reducer.name} (${errorMessage(err).slice(0, 200)})`);
      }
    }
    // A passing job whose main step printed an answer (`terraform plan`, `npm ls`) is read as that answer.
    const passed = reads.every((r) => !r.span.exitCode);
    if (steps.length && passed && reads[0]!.intent === 'answer' && this.intent.source !== 'flag' && this.intent.source !== 'config') this.intent = { intent: 'answer', source: 'step' };
    return withStepParts(parts, steps);
  }

  /** After a reducer failed, read the stored streams again through the generic text reducer. */
  private rereadAsText(id: string, exit: ExitInfo): PacketParts {
    const run = textReducer.start({ argv: this.options.argv, errorPatterns: this.options.config.errorPatterns, head: '', intent: this.intent.intent });
    for (const stream of ['stdout', 'stderr'] as const) {
      const file = `${this.options.outputsDir}/${id}.${stream}`;
      if (!fs.existsSync(file)) continue;
      const splitter = new LineSplitter((n, text, marks) => run.line(stream, n, text, marks));
      // readPrefix hands over a copy of each read: the splitter keeps views of a line that runs on into the next one.
      readPrefix(file, fs.statSync(file).size, (bytes) => splitter.push(bytes));
      splitter.end();
    }
    return run.finish(exit);
  }

  private cleanTemps(): void {
    for (const tap of [this.stdout, this.stderr]) if (tap.file) removeFile(tap.file.tempPath);
  }
}

/** Room a failed step's whole output leaves in the failure budget for the job's own lines (its name, its exit). */
const WHOLE_STEP_ROOM = 1024;

/** A detection score at which a reducer reads timestamped lines as they are (a claim by argv scores 0.9). */
const SURE_OF_STAMPS = 0.8;
/** Readers of a collector's output (services, pods), and what past one source's prefix is only a log again. */
const COLLECTOR_READERS = new Set(['docker-compose', 'docker-logs', 'kubectl-logs']);
const PLAIN_LOG_READERS = new Set(['log']);
/** Readers of logs as they are, stamps included: any other reader chosen for stamped lines reads them past the stamps. */
const STAMPED_LOG_READERS = new Set(['log', 'text', 'ci-log', 'gh-run-view', ...COLLECTOR_READERS]);

/** Cheap, for the live status line only; reducers do the real classification. */
const ERRORISH = /\b(?:ERROR|FATAL|Error|error|FAIL|FAILED|failed|panic|Traceback|Exception)\b/;

function decodeHead(buffer: Buffer): string {
  const lines: string[] = [];
  let start = 0;
  while (start < buffer.length) {
    const nl = buffer.indexOf(10, start);
    const end = nl === -1 ? buffer.length : nl;
    lines.push(decodeLine(buffer.subarray(start, end)));
    start = end + 1;
  }
  return lines.join('\n');
}

/** The JSON document stored in `file` (see parseJsonText), read past each line's stamp when `stamped`; null when it cannot be read. */
function parseJsonFile(file: string, stamped: boolean): ParsedJson | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return parseJsonText(stamped ? text.split('\n').map(unstamp).join('\n') : text);
}

/** Cites stdout lines `range` ahead of the reducer's citations, under the next free `cN` ref. */
function citeAhead(parts: PacketParts, range: { from: number; to: number }, label: string): void {
  const taken = parts.citations.reduce((max, c) => Math.max(max, Number(/^c(\d+)$/.exec(c.ref)?.[1] ?? 0)), 0);
  parts.citations.unshift({ ref: `c${taken + 1}`, stream: 'stdout', from: range.from, to: range.to, label, priority: 'high' });
}

/** Cites where a JSON document that never closes was cut, ahead of its digest: the values before it are all the packet read. */
function citeCutOff(parts: PacketParts, cut: { from: number; to: number }): void {
  citeAhead(parts, cut, 'where the JSON document is cut off');
  parts.confidence = Math.min(parts.confidence, 0.6);
}

/** Cites the lines after a JSON document, ahead of its digest: they are what the tool said besides its answer. */
function citeTrailing(parts: PacketParts, trailing: { from: number; to: number }): void {
  citeAhead(parts, trailing, 'after the JSON document');
  parts.notes = [...(parts.notes ?? []), `${trailing.to - trailing.from + 1} line(s) after the JSON document are not JSON; cited`];
}

/** A body that failed to load stands in as a reducer whose start fails: the run degrades to the text reducer, with its note. */
function unloadable(claims: RegisteredReducer, err: unknown): Reducer {
  return {
    ...claims,
    version: 'unloaded',
    start() {
      throw err instanceof Error ? err : new Error(String(err));
    },
  };
}

function emptyParts(exit: ExitInfo): PacketParts {
  const failed = exit.code !== 0 || exit.signal !== null;
  return { status: failed ? 'fail' : 'ok', summary: [], fields: {}, citations: [], omitted: [], confidence: 0.2 };
}

/** A family's reducer that reads its JSON answer with the JSON reducer's body: the family's name, the document's digest. */
function readAsDocument(reducer: Reducer, json: Reducer): Reducer {
  return { ...reducer, start: json.start, wantsJson: true };
}
