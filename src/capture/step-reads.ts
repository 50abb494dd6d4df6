/**
 * A CI job's log holds other tools' runs: the step `Run npm test` printed a jest report, `Run terraform
 * plan` a plan; so does an image build's log: `RUN npm ci` printed npm's error. The log's reducer (ci-log,
 * gh-run-view, docker-build) reads the job or build, names its steps and where they failed; here each failed step
 * (or, when all passed, the last command that printed anything) is read again by the reducer its command and output
 * choose, from the stored artifact, each line as the tool printed it (the span's form: past the runner's stamps and
 * `##[group]` blocks, past BuildKit's `#N <seconds> `), numbered from 1 as a run of its command would be; its
 * citations are mapped back to the stored line numbers, so they point into the same file.
 */
import fs from 'node:fs';
import type { Config } from '../config.js';
import { normalizeArgv, shellCommandWords } from '../core/argv.js';
import { detectReducer } from '../core/detect.js';
import { resolveIntent } from '../core/intent.js';
import { LineSplitter, type LineIndexView } from '../core/line-splitter.js';
import type { ExitInfo, Intent, LineCitation, PacketParts, Reducer, RegisteredReducer, StepSpan } from '../core/types.js';
import { stepLine } from '../reducers/generic/job-steps.js';
import { guessContentType } from './content-type.js';
import { parseJsonText } from './json-document.js';
import { seekPoint } from '../store/line-reader.js';
import { count } from '../core/format.js';

/** Reducers that read job logs and builds themselves: a step they would be chosen for again is left to the log's reading. */
const JOB_LOG_READERS = new Set(['ci-log', 'gh-run-view', 'docker-build']);

export interface StepRead {
  span: StepSpan;
  errorPatterns: readonly RegExp[];
  argv: string[];
  reducer: RegisteredReducer;
  intent: Intent;
  contentType: string;
}

/**
 * The command a step ran, as words: the last command of a `a && b` or `a; b` line (`cd web && npm test` is
 * npm's run), the first of a pipeline (`pytest | tee log`).
 */
export function stepArgv(command: string): string[] {
  // `sudo npx jest`, `uv run pytest`, `bundle exec rspec`: the tool is what they run, as detection reads any run.
  const words = normalizeArgv(shellCommandWords(command));
  // A step's `yarn run jest` or `pdm run pytest` too, unless it runs the project's own script (`pnpm run test`).
  if (words.length > 2 && /^(?:pdm|hatch|yarn|pnpm)$/.test(words[0]!) && words[1] === 'run' && !/^(?:test|build|lint)$/.test(words[2]!)) words.splice(0, 2);
  return words;
}

/** Chooses a reader for each step, as a run of its command would be read; steps left to the job log's reducer are dropped. */
export function planStepReads(spans: readonly StepSpan[], reducers: readonly RegisteredReducer[], config: Config): StepRead[] {
  const reads: StepRead[] = [];
  for (const span of spans) {
    const argv = stepArgv(span.command);
    const content = guessContentType(Buffer.from(span.head.slice(0, 4096)));
    const probe = { argv, head: span.head, stderrHead: '' };
    const inputs = { ...probe, contentType: content.type, config: config.intents };
    const detection = detectReducer({ ...probe, intent: resolveIntent({ ...inputs, reducer: { name: '', family: '' } }).intent }, reducers);
    if (JOB_LOG_READERS.has(detection.reducer.name)) continue;
    const intent = resolveIntent({ ...inputs, reducer: detection.reducer, claimed: detection.source === 'claim' }).intent;
    reads.push({ span, errorPatterns: config.errorPatterns, argv, reducer: detection.reducer, intent, contentType: content.detail ? `${content.type}/${content.detail}` : content.type });
  }
  return reads;
}

/** Largest step output parsed as one JSON document, as a run's stdout is (a bigger one is read as lines). */
const STEP_JSON_CAP = 8 * 1024 * 1024;

/**
 * Reads a step's lines from the stored stream through its reader: each line as its tool printed it (stepLine: past a
 * job log's columns and stamp, a group block's marker lines left out; past BuildKit's prefix), numbered from 1, as the
 * stdout of a run of its command (the stream it is stored in comes back in the citations). Streams the file; stops past the span.
 * A step that printed one JSON document (`terraform show -json`, `npm query`) is also handed to the reader parsed,
 * as a run's stdout is; an answer whose family reads only its run reports is read by `json` as a document.
 */
export function readStep(file: string, read: StepRead, family: Reducer, json: Reducer | undefined, index?: LineIndexView): PacketParts {
  const { span } = read;
  const isJson = read.contentType.startsWith('json') && span.bytes <= STEP_JSON_CAP;
  const body = isJson && read.intent === 'answer' && !family.wantsJson && json ? { ...family, start: json.start, wantsJson: true } : family;
  const run = body.start({ argv: read.argv, errorPatterns: read.errorPatterns, head: span.head, contentType: read.contentType, intent: read.intent });
  const wantsDocument = isJson && body.wantsJson && run.json !== undefined;
  // The reader numbers the step's lines from 1, as a run of its command would (its first lines are line 1):
  // `lines` maps them back to the stored ones.
  const lines = new LineMap(span.from);
  let done = false;
  // Start at the indexed line nearest before the step, not at the start of the file.
  const start = seekPoint(index, span.from);
  const splitter = new LineSplitter((k, line, marks) => {
    const n = start.line + k - 1;
    if (n < span.from || done) return;
    if (n > span.to) {
      done = true;
      return;
    }
    const own = stepLine(span.form, line);
    if (own === null) return;
    // The step's output is its command's whole output, as a run's stdout (`2>&1`): a build prints it on stderr, and
    // readers of a tool's report (go test's, jest's) read stdout.
    run.line('stdout', lines.add(n), own, marks);
  });
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 16);
    let position = start.offset;
    while (!done) {
      const got = fs.readSync(fd, buffer, 0, buffer.length, position);
      if (got === 0) break;
      position += got;
      splitter.push(buffer.subarray(0, got));
    }
    if (!done) splitter.end();
  } finally {
    fs.closeSync(fd);
  }
  // The step's own lines, as a run's stdout: a document followed by a tool's warnings is still the document.
  // Read again from the bytes: the lines a reader is handed are capped in length, a document's are not.
  const document = wantsDocument ? storedText(file, span, start) : null;
  const parsed = document === null ? null : parseJsonText(document);
  if (parsed) run.json!(parsed.doc, parsed.style);
  const exit: ExitInfo = { code: span.exitCode ?? 0, signal: null, timedOut: false };
  const parts = run.finish(exit);
  return { ...parts, citations: parts.citations.map((c) => ('from' in c ? { ...lines.stored(c), stream: span.stream } : c)) };
}

/** A step's lines as its reader numbered them (1, 2, …) and as they are stored: a fixed offset that grows where a line was left out. */
class LineMap {
  private readonly inner: number[] = [];
  private readonly offsets: number[] = [];
  private count = 0;

  constructor(private readonly first: number) {}

  /** The reader's number for stored line `n` (lines come in order). */
  add(n: number): number {
    const k = ++this.count;
    const offset = n - k;
    if (this.offsets.at(-1) !== offset) {
      this.inner.push(k);
      this.offsets.push(offset);
    }
    return k;
  }

  /** The stored number of the reader's line `k`. */
  storedLine(k: number): number {
    let lo = 0;
    let hi = this.inner.length - 1;
    if (hi < 0) return k + this.first - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.inner[mid]! <= k) lo = mid;
      else hi = mid - 1;
    }
    return k + this.offsets[lo]!;
  }

  stored(c: LineCitation): LineCitation {
    const at = (k: number): number => this.storedLine(k);
    return {
      ...c,
      from: at(c.from),
      to: at(c.to),
      ...(c.focus ? { focus: c.focus.map(at) } : {}),
      ...(c.skip ? { skip: c.skip.map(([a, b]) => [at(a), at(b)] as const) } : {}),
      // A label that names a line (`warning ×60, last at line 301`, `unlike the ×40 like line 12`) names it as the
      // reader numbered it: the stored number, as the citation's own range.
      ...(c.label ? { label: c.label.replace(NAMED_LINE, (_, words: string, k: string) => `${words} ${count(at(Number(k.replace(/,/g, ''))))}`) } : {}),
    };
  }
}

/** A line number in a citation's label, as reducers write them (`last at line 1,075`, `like line 12`). */
const NAMED_LINE = /\b((?:at|like) line) (\d[\d,]*)/g;

/** A step's stored lines from..to, whole, each past its columns and stamp, as one text (its size is bounded by STEP_JSON_CAP). */
function storedText(file: string, span: StepSpan, start: { line: number; offset: number }): string | null {
  const parts: Buffer[] = [];
  let bytes = 0;
  let n = start.line;
  let carry: Buffer = Buffer.alloc(0);
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 16);
    let position = start.offset;
    for (;;) {
      const got = fs.readSync(fd, buffer, 0, buffer.length, position);
      position += got;
      const chunk = got === 0 ? Buffer.from('\n') : Buffer.concat([carry, buffer.subarray(0, got)]);
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1 && n <= span.to; nl = chunk.indexOf(10, start), n++) {
        if (n >= span.from) {
          const line = stepLine(span.form, chunk.toString('utf8', start, nl).replace(/\r$/, ''));
          if (line !== null && !line.startsWith('##[')) {
            const own = Buffer.from(line + '\n');
            bytes += own.length;
            if (bytes > STEP_JSON_CAP * 2) return null;
            parts.push(own);
          }
        }
        start = nl + 1;
      }
      if (got === 0 || n > span.to) break;
      carry = Buffer.from(chunk.subarray(start));
      if (carry.length > STEP_JSON_CAP * 2) return null;
    }
  } finally {
    fs.closeSync(fd);
  }
  return Buffer.concat(parts).toString('utf8');
}
