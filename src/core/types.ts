/**
 * The contracts at the centre of `reduce`: what a reducer receives, what it returns,
 * and the packet the model finally sees. Everything here is pure data.
 */

/** Which output stream of the producing command a line or citation belongs to. */
export type StreamName = 'stdout' | 'stderr';

/**
 * Where the text came from, and so how far it may be trusted.
 * - `internal`: local build and test tooling the user runs on their own code.
 * - `external-runtime`: what running systems emit (application and pod logs, service output).
 * - `external-untrusted`: text written by third parties (issue bodies, web pages, downloads).
 */
export type TrustLane = 'internal' | 'external-runtime' | 'external-untrusted';

/** The outcome as the reducer reads it: `fail` when the exit code or the content says something failed. */
export type Status = 'ok' | 'warn' | 'fail';

/** How the producing command ended. `code` is null when a signal ended it. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Pipe mode: reading stopped on a signal to reduce, after this many bytes; the input may have gone on. */
  interrupted?: { signal: string; bytesRead: number };
}

/**
 * Why the command was run: `answer` when its output is what the caller wants to read (a list, a
 * table, a file, a plan), `verdict` when the caller wants to know whether it worked (a build, tests).
 */
export type Intent = 'answer' | 'verdict';

/** What detection sees: cheap to build, the same in wrap and pipe mode. */
export interface Probe {
  /** Program and arguments (`['kubectl', 'get', 'pods']`); empty in pipe mode unless `--command` was given. */
  argv: readonly string[];
  /** The first few KiB of stdout, decoded as UTF-8 with ANSI codes removed. */
  head: string;
  /** The first few KiB of stderr, likewise. */
  stderrHead: string;
  /** The intent as far as it is known before a reducer is chosen (flag, verb table, content). */
  intent?: Intent;
}

/** What a reducer run is told when it starts. */
export interface RunContext {
  argv: readonly string[];
  /** Extra error patterns from config, tried in addition to the reducer's own. */
  errorPatterns: readonly RegExp[];
  /** The head of stdout detection saw, to let a reducer pick a sub-format once without re-detecting. */
  head: string;
  /** The content-type guess from the first bytes: `text`, `json`, `diff`, `binary/gzip`, ... */
  contentType?: string;
  /** Why the command was run; an `answer` gets room to be shown, a `verdict` only its evidence. */
  intent?: Intent;
}

/** How much a packet item matters when the budget is tight. `mandatory` items are never dropped. */
export type Priority = 'mandatory' | 'high' | 'normal' | 'low';

/** A citation of a line range in one stream; the packer reads the excerpt back from the artifact. */
export interface LineCitation {
  /** Short reference used by bullets, e.g. `c1`. Unique within a packet. */
  ref: string;
  stream: StreamName;
  /** First and last line, 1-based and inclusive. */
  from: number;
  to: number;
  /** A few words saying what the excerpt shows ("error", "Traceback", "last lines"). */
  label?: string;
  /** What sort of excerpt this is, for counting omissions ("error window", "file"); defaults to the label. */
  kind?: string;
  priority: Priority;
  /** Lines inside the range worth keeping when the excerpt must be shortened (e.g. the error line itself). */
  focus?: readonly number[];
  /**
   * How the range is shown when it does not fit whole. Default: its ends and focus lines.
   * `prefix`: text read in order (a file): as many whole lines from the start as the room left
   * allows, packed after everything else; the rest is counted with the lines it spans.
   * `index`: only the focus lines, one entry each, no gap markers (an outline of a file), in at
   * most 70% of the budget; entries already shown in another excerpt are left out.
   * `edges`: rows of an answer read at both ends (a table, a list): as many of its first and last
   * lines not shown elsewhere as the room left allows, packed last, half from each end.
   */
  layout?: 'prefix' | 'index' | 'edges';
  /** For `edges`: runs of lines that are not rows and are not shown (error lines that repeat a cited message). */
  skip?: ReadonlyArray<readonly [number, number]>;
}

/** A citation of a value inside a JSON document, by RFC 6901 pointer; the reducer renders the excerpt. */
export interface PointerCitation {
  ref: string;
  stream: StreamName;
  pointer: string;
  label?: string;
  kind?: string;
  priority: Priority;
  /** The excerpt lines as the reducer rendered them from the parsed document. */
  excerpt: readonly string[];
}

export type CitationDraft = LineCitation | PointerCitation;

/** One summary bullet. It must rest on at least one field or citation: no claim without evidence. */
export interface Bullet {
  text: string;
  /** Citation refs this bullet rests on. */
  cites?: readonly string[];
  /** Field names this bullet rests on. */
  fields?: readonly string[];
  priority?: Priority;
}

/** Something left out of the packet, counted ("error windows", 7). */
export interface Omission {
  what: string;
  count: number;
  /** How to get it back, when a single command does. */
  recover?: string;
}

/** A typed field value: small, stable, parseable. */
export type FieldValue = string | number | boolean | null | readonly FieldValue[] | { readonly [key: string]: FieldValue };

/** What a reducer hands back: facts with their evidence; the packer decides what fits. */
export interface PacketParts {
  status: Status;
  summary: Bullet[];
  fields: Record<string, FieldValue>;
  citations: CitationDraft[];
  omitted: Omission[];
  /** The reducer's own certainty that the packet captures what matters, 0..1. */
  confidence: number;
  /** Free-text notes about how the packet was made (degraded, fell back, ...). */
  notes?: string[];
  /**
   * When the output is data the caller asked for (a JSON document), the bytes its answer takes
   * (shape and index excerpts): under `auto` a success budget grows by this much (capped).
   */
  answerBytes?: number;
  /**
   * On success, the bytes the distinct warnings that must be shown take (cited templates): under
   * `auto` the success budget grows by this much too, within the same cap.
   */
  warningBytes?: number;
  /**
   * A job log's passing step shown whole (capture/session.ts readSteps): the bytes it takes with the job's own
   * lines. Under `auto` a success budget grows to hold it, past the data cap, as a run of the step alone is shown
   * whole up to the whole-output floor (packer.ts preferWhole).
   */
  wholeStepBytes?: number;
}

/** What the raw bytes of a line said beyond its text. */
export interface LineMarks {
  /** The tool coloured a word on the line red: what it considers alarming (`must be replaced`, `FAIL`). */
  red?: true;
}

/** A running reduction over one output: bounded state only, the artifact on disk is the memory. */
export interface ReducerRun {
  /**
   * One decoded line (ANSI removed, progress folded, capped in length). `n` is 1-based per stream.
   * `marks` says what the removed escapes said (a word coloured red), when anything.
   */
  line(stream: StreamName, n: number, text: string, marks?: LineMarks): void;
  /** The whole stdout parsed as JSON, when it is JSON and under the size cap. Called after all lines. */
  json?(doc: unknown, style: JsonStyle): void;
  finish(exit: ExitInfo): PacketParts;
  /**
   * For a log of jobs made of steps (a CI job's log, an image build's RUN steps): the steps whose output the run's own reducer
   * should read again, chosen by detection from the step's command and output (capture/step-reads.ts).
   * Called after the last line, before finish().
   */
  steps?(): StepSpan[];
}

/**
 * How a stored line of a step's span becomes the line its tool printed (generic/job-steps.ts stepLine): `actions`, the
 * default, past a CI job log's job and step columns and the runner's stamp, its `##[group]` marker lines left out;
 * `buildkit` past BuildKit's `#<step> <seconds> `, the lines of other build steps (and the step's own status lines) left
 * out; `plain` as stored (the legacy docker builder prints a RUN step's output bare).
 */
export type StepLineForm = { kind: 'actions' } | { kind: 'buildkit'; step: string } | { kind: 'plain' };

/** One step of a CI job log or an image build: the lines its command printed, where it failed, and how it starts. */
export interface StepSpan {
  stream: StreamName;
  /** First and last stored line of the step's output (its `##[group]` block and exit line left out), 1-based. */
  from: number;
  to: number;
  /** How each stored line in from..to becomes the tool's own line; `actions` when absent. */
  form?: StepLineForm;
  /** Output lines in the span, and their bytes as the tool printed them (the job's columns and stamps read past). */
  lines: number;
  bytes: number;
  /** What the log calls the step (`build › Run npm test`). */
  label: string;
  /** The command it ran, as the step shows it (`npm test`). */
  command: string;
  /** The exit code the step ended with (`##[error]Process completed with exit code 1.`); null when it did not say. */
  exitCode: number | null;
  /** The first 8 KiB of its output, the stamps read past: what detection reads. */
  head: string;
  /** Failed steps not read again (the same command failing in other jobs of a matrix, or past the limit). */
  unread?: number;
}

/** How the input JSON was written, so excerpts can be rendered the same way. */
export type JsonStyle = 'compact' | 'spaced';

/**
 * What detection reads of a reducer: who it is, the commands it claims, and its content test. Every
 * run evaluates the claims of every reducer, so they live apart from the body and its parsers
 * (`src/reducers/<family>/<name>.claims.ts` beside `<name>.ts`) and import only what `detect` needs.
 */
export interface ReducerClaims {
  /** Unique name, equal to the file name: `kubectl-get`. */
  readonly name: string;
  /** The tool family it belongs to: `kubectl`. */
  readonly family: string;
  /** Argv prefixes it owns outright (`['kubectl get', 'oc get']`); the longest claim wins. */
  readonly claims?: readonly string[];
  /** Default trust lane of the output it handles. */
  readonly lane?: TrustLane;
  /**
   * The family's own word on intent, ahead of the generic verb table: one intent for all its
   * commands, or one per command (its words without options); undefined leaves it to the table.
   */
  readonly intent?: Intent | ((words: readonly string[]) => Intent | undefined);
  /**
   * Set when detect() can score a run from its argv alone, beyond what word-prefix claims express
   * (`docker compose <any>`, a file reader's extension). Only these are scored when a run printed
   * nothing; a test holds every other detect() to 0 on a blank probe.
   */
  readonly readsArgv?: boolean;
  /** 0..1 from argv and the first few KiB; cheap and pure. */
  detect(probe: Probe): number;
}

/**
 * A reducer: its claims plus the body that reads the output. Importing one has no side effects.
 * Adding one is its file and its claims file in `src/reducers/<family>/`, one line in the registry
 * and one fixture folder (`npm run new-reducer` writes them).
 */
export interface Reducer extends ReducerClaims {
  /** Semver; bump it whenever its golden packets change. */
  readonly version: string;
  /** Whether it wants the whole stdout parsed as JSON (`json()` is then called when it parses). */
  readonly wantsJson?: boolean;
  /**
   * How an excerpt line of this output is shown, when not as stored: e.g. without the per-line
   * timestamp every CI log line carries. The artifact and `inspect` keep the line whole.
   */
  excerptLine?(text: string): string;
  start(ctx: RunContext): ReducerRun;
}

/**
 * A row of the registry: a reducer's claims, and its body, loaded only when detection chooses it
 * (the build puts each body in a chunk of its own).
 */
export interface RegisteredReducer extends ReducerClaims {
  /** The body when it is loaded already (a run can then start it at once), else undefined. */
  loaded(): Reducer | undefined;
  load(): Promise<Reducer>;
}

/** A citation as it appears in the final packet, excerpt included. */
export interface Citation {
  ref: string;
  stream: StreamName;
  lines?: [number, number];
  pointer?: string;
  label?: string;
  /** The excerpt: exact artifact text (ANSI removed, control characters escaped), possibly shortened. */
  excerpt: string[];
  /** Line numbers of the excerpt entries, present only when the excerpt skips lines of the range. */
  shown?: number[];
  /** Lines of the cited range not shown in `excerpt`. */
  elided?: number;
  /** Shown lines whose following gap holds only lines like them, differing in their numbers alone (a repeated warning). */
  repeats?: number[];
  /** An index of single lines (an outline): entries are shown without gap markers; `elided` counts entries left out. */
  index?: true;
}

/** Per-stream size facts. */
export interface StreamStats {
  bytes: number;
  lines: number;
}

/** What the prompt-injection scan found. */
export interface InjectionReport {
  suspected: boolean;
  /** Kinds of hit, e.g. `override`, `role-markup`, `pipe-to-shell`. */
  kinds?: string[];
  /** Rule ids that fired (`ignore-previous`, `leetspeak:ignore-previous`, `base64:role-json`), sorted. */
  rules?: string[];
  /** Citation refs of the hits shown in the packet. */
  cites?: string[];
  /** Hits found in total (all are cited or counted). */
  hits?: number;
}

/**
 * The packet: the public contract agents parse with `--json`.
 * Everything but `id` and `recover` depends only on the input bytes, the command and the options.
 */
export interface Packet {
  schema: 'reduce.packet/1';
  id: string;
  command: string;
  family: string;
  /** `name@version` of the reducer that produced it. */
  reducer: string;
  /** Why the command was run, which sets the budget under `auto`. */
  intent: Intent;
  status: Status;
  exit: ExitInfo;
  stats: {
    stdout: StreamStats;
    stderr: StreamStats;
    packetBytes: number;
    tokensIn: number;
    tokensOut: number;
  };
  summary: string[];
  fields: Record<string, FieldValue>;
  citations: Citation[];
  omitted: Omission[];
  truncated: boolean;
  trustLane: TrustLane;
  tainted: boolean;
  injection: InjectionReport;
  /** Secrets masked in this packet, by kind. */
  redactions?: Record<string, number>;
  confidence: number;
  escalation: { recommended: boolean; reason: string | null };
  /** The way back to the raw output. */
  recover: string;
  /** True when the raw output was small enough to be shown whole (the `verbatim` view). */
  verbatim?: boolean;
  notes?: string[];
}
