/**
 * What the caller ran the command for. An `answer` is output the caller wants to read (a list,
 * a table, a file, a plan): it gets room to be shown whole. A `verdict` is output that says whether
 * something worked (a build, a test run, an install): a success is a line, a failure its evidence.
 * Decided once per run, from the flag, the config, the family, the command's verb, then the content.
 */
import { commandWords, normalizeArgv } from './argv.js';
import type { Intent, Reducer } from './types.js';

export type { Intent } from './types.js';
export const INTENTS = ['answer', 'verdict'] as const;

/** Where the intent came from, most to least explicit. */
/** `step`: a CI job log whose main step ran a command that answers (`terraform plan` in a job), see capture/step-reads.ts. */
export type IntentSource = 'flag' | 'config' | 'family' | 'verb' | 'content' | 'step' | 'default';

export interface IntentDecision {
  intent: Intent;
  source: IntentSource;
}

/** Verbs and programs that read and print: what they print is what the caller asked for. */
const ANSWER_VERBS = new Set([
  'get', 'list', 'ls', 'show', 'view', 'describe', 'log', 'logs', 'status', 'diff', 'plan', 'cat', 'head', 'tail', 'grep', 'rg', 'ag', 'ack',
  'find', 'fd', 'tree', 'ps', 'top', 'df', 'du', 'select', 'query', 'search', 'info', 'inspect', 'outdated', 'why', 'explain', 'output',
  'print', 'printenv', 'env', 'blame', 'shortlog', 'reflog', 'config', 'version', 'history', 'top', 'events', 'read', 'dump', 'export',
  'jq', 'yq', 'wc', 'stat', 'less', 'more', 'bat', 'nl', 'sort', 'uniq', 'cut', 'column', 'free', 'lsof', 'netstat', 'ss', 'which', 'whereis',
  'tldr', 'man', 'help', 'api', 'policy', 'madison', 'depends', 'rdepends', 'freeze', 'metadata', 'pkg-config', 'locate', 'file', 'xxd', 'od',
  'bench', 'benchmark',
]);

/** Verbs that change or check something: what matters is whether it worked. */
const VERDICT_VERBS = new Set([
  'build', 'test', 'install', 'i', 'ci', 'add', 'remove', 'uninstall', 'update', 'upgrade', 'apply', 'destroy', 'lint', 'check', 'run', 'exec',
  'compile', 'deploy', 'push', 'pull', 'publish', 'up', 'down', 'start', 'stop', 'restart', 'create', 'delete', 'init', 'validate', 'fmt',
  'format', 'migrate', 'sync', 'fetch', 'clone', 'commit', 'merge', 'rebase', 'checkout', 'switch', 'reset', 'make', 'tsc', 'pytest',
  'jest', 'vitest', 'mocha', 'eslint', 'ruff', 'mypy', 'pylint', 'gcc', 'clang', 'cargo-build', 'rollout', 'scale', 'patch', 'wait', 'import',
]);

/** Verbs that are also nouns of other tools' commands: `gh run view`, `npm run build`, `git config --list`. */
const WEAK_VERBS = new Set(['run', 'exec', 'config', 'version', 'help', 'env', 'check', 'api', 'file', 'export', 'import']);

/** `sed -n`, `sed 5q`: sed printing part of a file reads it; `sed -i` edits it. */
function sedIntent(words: readonly string[]): Intent {
  return words.some((w) => w === '-i' || w.startsWith('-i') || w === '--in-place' || w.startsWith('--in-place=')) ? 'verdict' : 'answer';
}

/** A SQL read passed as an argument (`psql -c "SELECT …"`, `sqlite3 db 'select …'`). */
const SQL_READ = /^\s*["']?(?:select|with|show|explain|table|values|describe|desc|pragma|\\d[a-z+]*)\b/i;
const INTERPRETERS = new Set(['python', 'node', 'ruby', 'perl', 'php', 'bash', 'sh', 'zsh', 'deno', 'bun', 'java', 'dotnet', 'Rscript', 'lua', 'tsx', 'ts-node']);
const QUERY_FLAGS = new Set(['-c', '--command', '-e', '--execute', '-q', '--query', '--sql']);
const DRY_RUN = /^--(?:dry-run|dryrun|simulate|just-print|no-act|what-if|recon)(?:=(?!none\b|false\b)|$)/;
/** Flags that only ever mean "print the plan, change nothing". */
const SIMULATE = /^--(?:simulate|just-print|no-act|recon|what-if)$/;
/** Programs whose dry run prints its plan, with their short dry-run flags (`-n` is a count elsewhere). */
const SHORT_DRY_RUN: Record<string, RegExp> = { 'apt-get': /^-\w*s\w*$/, apt: /^-\w*s\w*$/, make: /^-\w*n\w*$/, rsync: /^-\w*n\w*$/ };
/** A machine-readable format asked of a read command: `--json`, `-o json`, `--format=yaml`, `-ojsonpath=…`. */
const DATA_FORMAT = /^(?:--json|--yaml|-o(?:=|\s*)?(?:json|yaml|jsonpath|go-template|custom-columns|wide|name)|--output(?:=|\s+)(?:json|yaml)|--format(?:=|\s+)(?:json|yaml|csv|table))/;

/**
 * The generic verb table: the program itself (`cat`, `grep`) or its first sub-command words
 * (`kubectl get`, `npm install`, `terraform plan`); then a SQL read in the arguments; then a data
 * format flag. Null when argv says nothing.
 */
export function intentFromArgv(argv: readonly string[]): Intent | null {
  const words = commandWords(argv);
  if (words.length === 0) return null;
  const program = words[0]!.toLowerCase();
  const all = normalizeArgv(argv);
  if (program === 'sed') return sedIntent(all);
  // A simulation prints the plan of what it would do, and that plan is the answer (`apt-get install -s`,
  // `make -n`); a dry run asked to print what it would make shows the object (`kubectl create
  // --dry-run=client -o yaml`). A bare `--dry-run` of other tools validates (`kubectl apply`): its verb decides.
  if (asksToSimulate(argv)) return 'answer';
  // An interpreter running a script runs it (`python3 etl.py`, `node app.js`), unless the script takes
  // a sub-command that reads (`php artisan route:list`, `python manage.py showmigrations` stays a run).
  if (isScriptRun(argv)) return words[2] !== undefined && verbOf(words[2], true) === 'answer' ? 'answer' : 'verdict';
  // The program and up to three sub-commands: `docker compose ps`, `gh pr view`, `apt-cache show`,
  // `gcloud compute instances list`. Words that are nouns as often as verbs (`gh run view`, `npm run
  // build`) yield to a clearer one.
  let weak: Intent | null = null;
  for (const [i, word] of words.slice(0, 4).entries()) {
    const verb = verbOf(word, i > 0);
    if (!verb) continue;
    if (!WEAK_VERBS.has(word.toLowerCase())) return verb;
    weak ??= verb;
  }
  if (weak) return weak;
  // A query handed over as one argument (`-c "select …"`): quoted, spaced, or after a query flag.
  if (all.some((w, i) => i > 0 && SQL_READ.test(w) && (/\s/.test(w.trim()) || /^["']/.test(w) || QUERY_FLAGS.has(all[i - 1]!)))) return 'answer';
  return hasDataFormat(all) ? 'answer' : null;
}

/** Whether argv asks for a simulation that prints its plan (`apt-get install -s`, `make -n`, `--just-print`, a dry run with `-o yaml`). */
function asksToSimulate(argv: readonly string[]): boolean {
  const words = commandWords(argv);
  if (words.length === 0) return false;
  const program = words[0]!.toLowerCase();
  const all = normalizeArgv(argv);
  const dryRun = all.some((w) => DRY_RUN.test(w));
  if (all.some((w) => SIMULATE.test(w)) || (dryRun && hasDataFormat(all))) return true;
  return Boolean(SHORT_DRY_RUN[program] && (dryRun || all.slice(1).some((w) => SHORT_DRY_RUN[program]!.test(w))));
}

/**
 * The intent a command word names: the word itself (`list`, `install`), or, for a sub-command, the verb
 * of a compound one: `route:list`, `dependency:tree`, `db:migrate`, `test:unit` (either side of a colon)
 * and the lead of a hyphenated one (`describe-instances`, `ls-files`, `show-branch`, `build-prod`).
 */
function verbOf(word: string, subcommand: boolean): Intent | null {
  const w = word.toLowerCase();
  const direct = ANSWER_VERBS.has(w) ? 'answer' : VERDICT_VERBS.has(w) ? 'verdict' : null;
  if (direct || !subcommand) return direct;
  const parts = w.includes(':') ? w.split(':').reverse() : w.includes('-') ? [w.slice(0, w.indexOf('-'))] : [];
  for (const part of parts) {
    if (WEAK_VERBS.has(part)) continue;
    if (ANSWER_VERBS.has(part)) return 'answer';
    if (VERDICT_VERBS.has(part)) return 'verdict';
  }
  return null;
}

/** Flags that turn a build, test or lint tool into a reader: it prints a config, a file list or a plan instead of running. */
const PRINT_FLAG = /^--?(?:help|show-?config|print-?config|list-?files(?:-?only)?|list-?tests|collect-?only|print-?(?:files|plan|targets|deps|requirements)|show-?(?:files|deps|targets)|dump-?config|explain-?config)(?:=|$)/i;

/** Whether argv asks the tool to print information rather than act (see PRINT_FLAG), or its help (`go help build`, `git help log`). */
export function asksToPrint(argv: readonly string[]): boolean {
  if (commandWords(argv)[1]?.toLowerCase() === 'help') return true;
  return normalizeArgv(argv).slice(1).some((w) => PRINT_FLAG.test(w));
}

/**
 * C compiler drivers asked to stop before compiling and print what they made of the sources: the
 * preprocessed text (`-E`), the make rules of its headers (`-M`, `-MM`, unless `-MF` sends them to a
 * file), its predefined macros (`-dM`), its specs, target or search paths (`-dumpmachine`,
 * `-print-search-dirs`) or the commands it would run (`-###`).
 */
const C_DRIVERS = /^(?:gcc|g\+\+|cc|c\+\+|cpp|clang|clang\+\+|clang-cpp|tcc)(?:-[\d.]+)?$/;
const C_DRIVER_PRINT = /^-(?:E|M|MM|dM|dumpspecs|dumpmachine|dumpversion|dumpfullversion|print-[\w-]+(?:=.*)?|###)$/;
/** `-o -`, `-o/dev/stdout`, `--output=-`, `--stdout`: the product a tool makes is written to standard output. */
const STDOUT_TARGET = /^(?:-|\/dev\/stdout|\/dev\/fd\/1)$/;

/**
 * Whether argv asks a tool that makes something (a compiler, a converter, a bundler) to write what it
 * makes to standard output instead of a file: that text is what the caller wants to read, not a verdict.
 */
export function asksForProductOnStdout(argv: readonly string[]): boolean {
  const words = normalizeArgv(argv);
  const program = (commandWords(argv)[0] ?? '').toLowerCase().replace(/^.*\//, '');
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--stdout' || /^(?:-o|--output|--out|--outfile|--out-file)=?(?:-|\/dev\/stdout|\/dev\/fd\/1)$/.test(w)) return true;
    if (/^(?:-o|--output|--out|--outfile|--out-file)$/.test(w) && STDOUT_TARGET.test(words[i + 1] ?? '')) return true;
  }
  if (!C_DRIVERS.test(program)) return false;
  if (words.includes('-MF')) return words.slice(1).some((w) => C_DRIVER_PRINT.test(w) && !/^-M{1,2}$/.test(w));
  return program === 'cpp' || program === 'clang-cpp' || words.slice(1).some((w) => C_DRIVER_PRINT.test(w));
}

/** Sub-commands that change a project's dependencies: their dry run prints the plan. */
const DEPENDENCY_VERBS = new Set(['install', 'i', 'add', 'ci', 'update', 'upgrade', 'up', 'remove', 'rm', 'uninstall', 'dedupe', 'prune']);

/** `npm install --dry-run x`, `pip install --dry-run x`, `npm prune --dry-run`: a dependency change simulated. */
function isDependencyPlan(argv: readonly string[]): boolean {
  const words = commandWords(argv);
  return words.slice(1, 3).some((w) => DEPENDENCY_VERBS.has(w.toLowerCase())) && normalizeArgv(argv).some((w) => DRY_RUN.test(w));
}

/** `--debug` (not `--debug-brk`, not `--debug=false`): the caller asked to see how the tool went about its job. */
const TRACE_FLAG = /^--debug(?:=(?!false\b|0\b|off\b)\S+)?$/;

/** Flags that ask a test runner for its benchmarks: `go test -bench .`, `cargo test --bench x`, `pytest --benchmark-only`. */
const BENCH_FLAG = /^--?bench(?:mark)?(?:-only)?(?:=|$)/;
/** Programs that only measure: load generators and benchmark runners print numbers to read. */
const MEASURING_TOOLS = new Set(['hyperfine', 'wrk', 'wrk2', 'ab', 'pgbench', 'redis-benchmark', 'memtier_benchmark', 'sysbench', 'fio', 'iperf3', 'oha', 'bombardier', 'siege', 'vegeta']);

/**
 * Whether argv asks for measurements: benchmarks of a test runner (`go test -bench .`, `cargo bench`, `npm run
 * bench`) or a measuring tool (`hyperfine`, `wrk`, `pgbench`). The numbers are what was asked for, not a verdict.
 */
function asksToMeasure(argv: readonly string[]): boolean {
  const words = commandWords(argv);
  if (words.length === 0) return false;
  if (MEASURING_TOOLS.has(words[0]!.toLowerCase())) return true;
  if (words.slice(1, 4).some((w) => /^bench(?:mark)?s?$/i.test(w))) return true;
  return normalizeArgv(argv).slice(1).some((w) => BENCH_FLAG.test(w));
}

/** Whether argv asks the tool for its debug trace (see TRACE_FLAG). */
function asksForTrace(argv: readonly string[]): boolean {
  return normalizeArgv(argv).slice(1).some((w) => TRACE_FLAG.test(w));
}

/** `python3 etl.py`, `node app.js`: an interpreter running a script. */
function isScriptRun(argv: readonly string[]): boolean {
  const words = commandWords(argv);
  return words.length > 1 && INTERPRETERS.has(words[0]!.toLowerCase().replace(/[\d.]+$/, ''));
}

/**
 * Lines of data rather than of a run's report: Prometheus exposition (`# HELP`, `name{l="v"} 1`),
 * `key=value` and `key: value` pairs, CSV, table rows.
 */
const DATA_LINE = /^(?:[A-Za-z_][\w.-]*\s*[=:]\s*\S|[^,\n]*(?:,[^,\n]*){2,}$|\s*\S.*\s\|\s.*\S)/;
/** Prometheus exposition: metric lines count as data only under its `# HELP`/`# TYPE` comments (`line 7` is not a metric). */
const EXPOSITION = /^# (?:HELP|TYPE) \S/m;
const METRIC_LINE = /^(?:# (?:HELP|TYPE|UNIT|EOF)\b|[A-Za-z_:][\w:.]*(?:\{[^}]*\})?\s+[-+]?(?:[\d.]+(?:e[-+]?\d+)?|NaN|[-+]?Inf)(?:\s+\d+)?$)/;

/** A log line (a timestamp or a level first) is a run telling what it does, not data. */
const LOG_LINE = /^\s*(?:\[?\d{4}-\d\d-\d\d|\[?\d\d:\d\d:\d\d|\[?(?:INFO|DEBUG|WARN(?:ING)?|TRACE|NOTICE|ERROR|CRITICAL)\b)/i;

/** Whether a run's head is a dump of data (metrics, pairs, CSV, a table, JSON) with nothing of a run's report in it. */
export function looksLikeData(head: string, contentType?: string): boolean {
  if (contentType === 'json') return true;
  const lines = head.split('\n', 80).filter((l) => l.trim() !== '');
  if (lines.length < 5) return false;
  let data = 0;
  const exposition = EXPOSITION.test(head);
  for (const line of lines) {
    if (DECISIVE.test(line) || RUN_REPORT.test(line)) return false;
    if ((DATA_LINE.test(line) || (exposition && METRIC_LINE.test(line))) && !LOG_LINE.test(line)) data++;
  }
  return data >= lines.length * 0.9;
}

function hasDataFormat(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (DATA_FORMAT.test(w)) return true;
    if ((w === '-o' || w === '--output' || w === '--format') && /^(?:json|yaml|jsonpath|wide|csv)/.test(words[i + 1] ?? '')) return true;
  }
  return false;
}

/**
 * Lines that report on a run rather than hold data: build, test and install progress, verdict
 * markers, compiler diagnostics, stack traces. A log file is data; a run's report is a verdict.
 */
const RUN_REPORT =
  /^\s*(?:(?:PASS|FAIL|FAILED|PASSED|ok|not ok|ERROR|Error|error)(?:\s|:|$)|(?:Compiling|Building|Collecting|Downloading|Installing|Resolving|Fetching|Linking|Running|Checking|Finished|Successfully|Requirement already|Step \d+\/\d+|#\d+ \[|> Task :|added \d+ packages|npm (?:ERR!|error|warn)|Traceback \(most recent call last\)|E {2,}|={3,} .*(?:test session|FAILURES|ERRORS|passed|failed))|[✓✔✗✖×] |[\w./-]+:\d+:\d+:? (?:error|warning)|\s*at .+\(.+:\d+:\d+\)$)/;

const DECISIVE = /^(?:Traceback \(most recent call last\)|(?:error|ERROR|Error|FATAL|fatal|panic)(?:\[\w+\])?:|[A-Z]\w*(?:Error|Exception): |\s+at (?:\S+ \()?(?:file:\/\/|node:|\/)\S+:\d+:\d+\)?$)/;

/**
 * From content, when argv says nothing (piped output, an unknown program): a run's report (build,
 * test, install progress, a traceback) is a verdict; anything else (a table, a list, a record, a
 * log file, a document, JSON, a diff) is data the caller asked to read.
 */
export function intentFromContent(head: string, stderrHead: string, contentType?: string): Intent {
  if (contentType === 'json' || contentType === 'diff') return 'answer';
  const lines = [...head.split('\n', 80), ...stderrHead.split('\n', 80)].filter((l) => l.trim() !== '');
  if (lines.length === 0) return 'answer';
  let reports = 0;
  for (const line of lines) {
    // An error that leads its line (not a log line's level after a timestamp) is a run's verdict.
    if (DECISIVE.test(line)) return 'verdict';
    if (RUN_REPORT.test(line)) reports++;
  }
  return reports >= 2 && reports >= lines.length * 0.05 ? 'verdict' : 'answer';
}

export interface IntentInputs {
  argv: readonly string[];
  head: string;
  stderrHead: string;
  contentType?: string;
  reducer: Pick<Reducer, 'family' | 'name' | 'intent'>;
  /** `--intent` on the command line. */
  flag?: Intent;
  /** Whether the reducer was chosen by its argv claim or by --family (not by content). */
  claimed?: boolean;
  /** `intents` in config, by family or reducer name. */
  config?: Readonly<Record<string, Intent>>;
  /** The shell line printed the command's output through a filter (`| grep …`, `| tail -30`): see printedThroughFilter. */
  filtered?: boolean;
}

/** The intent of one run: flag, config, the family's own claim, the verb table, the content, verdict. */
export function resolveIntent(inputs: IntentInputs): IntentDecision {
  if (inputs.flag) return { intent: inputs.flag, source: 'flag' };
  const configured = inputs.config?.[inputs.reducer.name] ?? inputs.config?.[inputs.reducer.family];
  if (configured) return { intent: configured, source: 'config' };
  // Output the caller already cut to what it wants to read (`npm test 2>&1 | grep -E "FAIL|✓"`) is read, not judged.
  if (inputs.filtered) return { intent: 'answer', source: 'verb' };
  // A tool asked to print its configuration or what it would read, instead of doing its job
  // (`tsc --showConfig`, `tsc --listFilesOnly`, `eslint --print-config`, `pytest --collect-only`).
  if (asksToPrint(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A compiler or converter asked to write what it makes to standard output (`gcc -E`, `gcc -MM`, `cc -S -o -`,
  // `sass --stdout`): the preprocessed text, the rules or the code are what the caller wants to read.
  if (asksForProductOnStdout(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A dry run that prints a JSON document prints its plan as data (`pip install --dry-run --report -`).
  if (inputs.contentType === 'json' && normalizeArgv(inputs.argv).some((w) => DRY_RUN.test(w))) return { intent: 'answer', source: 'content' };
  // A dry run of a dependency change prints what it would add, remove or change (`npm install --dry-run`
  // lists `add x 1.2.3` lines, `pip install --dry-run` its `Would install`): that plan is what was asked.
  if (isDependencyPlan(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A simulation prints the plan of what it would run (`make -n`, `apt-get install -s`), even where
  // the claiming family runs builds or installs.
  if (asksToSimulate(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A run asked for its debug trace (`eslint --debug`) was run to read that trace, not for its verdict.
  if (asksForTrace(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A run asked for benchmarks or a load test (`go test -bench .`, `cargo bench`, `hyperfine`) was run for its numbers.
  if (asksToMeasure(inputs.argv)) return { intent: 'answer', source: 'verb' };
  // A family that claimed the command knows its verbs best; one chosen by content yields to argv.
  const own = familyIntent(inputs.reducer, inputs.argv);
  if (own && inputs.claimed) return { intent: own, source: 'family' };
  const verb = intentFromArgv(inputs.argv);
  // A script that prints a dump of data (a metrics exposition, a CSV export, a JSON report) and
  // nothing of a run's report was run for that data: its stderr still decides a failure.
  if (verb === 'verdict' && isScriptRun(inputs.argv) && inputs.stderrHead.trim() === '' && looksLikeData(inputs.head, inputs.contentType)) return { intent: 'answer', source: 'content' };
  // The same dump on stderr with stdout silent: a report the interpreter itself writes there
  // (`python3 -X importtime -c …`, a profiler's or tracer's table) is what the run was for.
  if (verb === 'verdict' && isScriptRun(inputs.argv) && inputs.head.trim() === '' && looksLikeData(inputs.stderrHead)) return { intent: 'answer', source: 'content' };
  if (verb) return { intent: verb, source: 'verb' };
  if (own) return { intent: own, source: 'family' };
  if (inputs.head.trim() === '' && inputs.stderrHead.trim() === '') return { intent: 'verdict', source: 'default' };
  return { intent: intentFromContent(inputs.head, inputs.stderrHead, inputs.contentType), source: 'content' };
}

function familyIntent(reducer: Pick<Reducer, 'intent'>, argv: readonly string[]): Intent | null {
  const own = reducer.intent;
  if (!own) return null;
  if (typeof own === 'string') return own;
  try {
    return own(commandWords(argv)) ?? null;
  } catch {
    return null; // a reducer bug must not take the run down
  }
}
