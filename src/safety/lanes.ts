/**
 * Trust lanes: where an output came from, and so how far its text may steer the reader.
 *
 * Defaults by tool, decided from the family and argv:
 * - external-untrusted: text third parties wrote (gh issue/PR/api/search, curl/wget/http, web pages,
 *   package registry metadata, commit messages from `git log`/`git show`).
 * - external-runtime: what running systems emit (kubectl/docker/compose logs, journalctl, cloud CLIs, CI run logs).
 * - internal: local build, test and infrastructure tooling run on the user's own code (compilers, test
 *   runners, linters, package managers installing, git status/diff, terraform, helm lint).
 * Unknown tools and pipes without a command are `external-runtime`: tainted by default, because treating
 * third-party text as trusted costs more than fencing a trusted excerpt.
 * Precedence: `--trust-lane` flag, then the config's per-family lane, then the reducer's declared lane,
 * then these defaults.
 */
import type { TrustLane } from '../core/types.js';

export type { TrustLane };

export const TRUST_LANES: readonly TrustLane[] = ['internal', 'external-runtime', 'external-untrusted'];

/** True for every lane but `internal`: the content is data, never instructions. */
export function isTainted(lane: TrustLane): boolean {
  return lane !== 'internal';
}

export function isTrustLane(value: unknown): value is TrustLane {
  return typeof value === 'string' && (TRUST_LANES as readonly string[]).includes(value);
}

/** One default: a program (or family), optionally with subcommands, and its lane. First match wins. */
interface LaneRule {
  program: readonly string[];
  /** First non-option argument(s) after the program, e.g. ['logs'] or ['compose', 'logs']. Empty: any. */
  sub?: readonly (readonly string[])[];
  lane: TrustLane;
}

const UNTRUSTED_FETCH = ['curl', 'wget', 'http', 'https', 'httpie', 'xh', 'xhs', 'curlie', 'aria2c', 'lynx', 'w3m', 'links', 'elinks', 'fetch', 'web', 'html', 'http-client'];
const RUNTIME_LOGS = ['journalctl', 'stern', 'kubetail', 'dmesg', 'logcli', 'tail', 'less', 'syslog', 'logs', 'log', 'app', 'pino', 'winston', 'bunyan', 'logfmt'];
const CLOUD = ['aws', 'gcloud', 'az', 'doctl', 'flyctl', 'fly', 'heroku', 'vercel', 'netlify', 'railway', 'json'];
const INTERNAL_TOOLS = [
  // JavaScript / TypeScript
  'npm', 'pnpm', 'yarn', 'bun', 'deno', 'npx', 'node', 'tsc', 'vue-tsc', 'eslint', 'prettier', 'biome', 'jest', 'vitest', 'mocha', 'ava', 'playwright', 'cypress', 'webpack', 'vite', 'rollup', 'esbuild', 'turbo', 'nx', 'lerna',
  // Python
  'python', 'python3', 'pip', 'pip3', 'uv', 'poetry', 'pipenv', 'pytest', 'tox', 'nox', 'ruff', 'mypy', 'pyright', 'black', 'isort', 'flake8', 'pylint',
  // Go, Rust, JVM, .NET, C/C++
  'go', 'gotestsum', 'golangci-lint', 'cargo', 'rustc', 'clippy', 'mvn', 'gradle', 'gradlew', 'sbt', 'javac', 'kotlinc', 'dotnet', 'msbuild', 'gcc', 'g++', 'clang', 'clang++', 'cc', 'make', 'cmake', 'ninja', 'bazel', 'ctest', 'meson',
  // Ruby, PHP, Elixir, Swift
  'ruby', 'bundle', 'rake', 'rspec', 'rubocop', 'php', 'composer', 'phpunit', 'mix', 'elixir', 'swift', 'xcodebuild',
  // Infrastructure as code and local ops tooling
  'terraform', 'tofu', 'terragrunt', 'pulumi', 'ansible-playbook', 'ansible-lint', 'packer', 'helm', 'kustomize', 'tflint', 'shellcheck', 'hadolint', 'buf', 'protoc',
  // Local file and repo tools, coreutils: they print the user's own files and machine state. A file
  // downloaded from outside and read with `cat` is not known as such: pass --trust-lane for it.
  'git', 'ls', 'find', 'fd', 'rg', 'grep', 'diff', 'tree', 'du', 'df', 'wc', 'jq', 'yq', 'cat', 'bat', 'seq', 'true', 'false',
  'echo', 'printf', 'head', 'sort', 'uniq', 'cut', 'tr', 'awk', 'sed', 'xxd', 'hexdump', 'od', 'base64', 'sha256sum',
  'md5sum', 'stat', 'file', 'date', 'uname', 'ps', 'top', 'free', 'lsof', 'netstat', 'ss', 'zcat', 'gunzip', 'tar', 'unzip',
];

const RULES: readonly LaneRule[] = [
  // GitHub / GitLab: bodies, comments, titles and API payloads are written by anyone.
  // CI run logs and check states are runtime output; run lists carry commit titles (untrusted, below).
  { program: ['gh'], sub: [['run', 'view'], ['run', 'watch'], ['workflow', 'view'], ['pr', 'checks'], ['cache']], lane: 'external-runtime' },
  { program: ['gh', 'glab', 'hub'], lane: 'external-untrusted' },
  // Fetchers and web content.
  { program: UNTRUSTED_FETCH, lane: 'external-untrusted' },
  // Package registry metadata (READMEs, descriptions) is third-party text.
  { program: ['npm', 'pnpm', 'yarn'], sub: [['view'], ['info'], ['show'], ['search'], ['docs'], ['repo']], lane: 'external-untrusted' },
  { program: ['pip', 'pip3'], sub: [['show'], ['search'], ['download']], lane: 'external-untrusted' },
  // Commit messages are written by every contributor of the repository.
  { program: ['git'], sub: [['log'], ['show'], ['shortlog'], ['blame'], ['notes'], ['format-patch'], ['request-pull'], ['reflog']], lane: 'external-untrusted' },
  // Kubernetes: logs and cluster state come from running workloads; config and local rendering are internal.
  { program: ['kubectl', 'oc', 'k'], sub: [['config'], ['version'], ['explain'], ['api-resources'], ['api-versions'], ['kustomize'], ['completion'], ['plugin']], lane: 'internal' },
  { program: ['kubectl', 'oc', 'k', 'k9s', 'kubernetes'], lane: 'external-runtime' },
  // Containers: service and container output is runtime; building and listing images is local tooling.
  {
    program: ['docker', 'podman', 'nerdctl'],
    sub: [['logs'], ['attach'], ['run'], ['exec'], ['start'], ['events'], ['compose', 'logs'], ['compose', 'up'], ['compose', 'run'], ['compose', 'exec'], ['compose', 'start'], ['service', 'logs'], ['stack']],
    lane: 'external-runtime',
  },
  { program: ['docker-compose', 'podman-compose'], sub: [['logs'], ['up'], ['run'], ['exec'], ['start']], lane: 'external-runtime' },
  { program: ['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose', 'buildah', 'buildx'], lane: 'internal' },
  // Logs and cloud APIs.
  { program: RUNTIME_LOGS, lane: 'external-runtime' },
  { program: CLOUD, lane: 'external-runtime' },
  // Local build and test tooling.
  { program: INTERNAL_TOOLS, lane: 'internal' },
];

/** The lane for a family and argv when neither the flag nor the config names one. */
export function defaultLaneFor(family: string, argv: readonly string[]): TrustLane {
  return knownLaneFor(family, argv) ?? 'external-runtime';
}

/** The lane the table gives the program (or, without argv, the family), or null when it does not know it. */
export function knownLaneFor(family: string, argv: readonly string[]): TrustLane | null {
  const words = commandWords(argv);
  const program = words[0] ?? '';
  const fam = family.toLowerCase();
  for (const rule of RULES) {
    const owns = rule.program.includes(program) || (program === '' && rule.program.includes(fam));
    if (!owns) continue;
    if (!rule.sub || rule.sub.some((sub) => hasSubcommand(words, sub))) return rule.lane;
  }
  // The argv said nothing (pipe mode, wrappers we do not know): fall back to the family alone.
  if (program !== '' && fam !== '' && fam !== program) return knownLaneFor(fam, []);
  return null;
}

export interface LaneChoice {
  family: string;
  argv: readonly string[];
  /** `--trust-lane` for this run. */
  flag?: TrustLane | undefined;
  /** Config `trustLanes: { <family>: <lane> }` (and a user family's own `trustLane`). */
  config?: Readonly<Record<string, TrustLane>> | undefined;
  /** The lane the chosen reducer declares. */
  reducerLane?: TrustLane | undefined;
  /**
   * How the reducer was chosen. Only a reducer chosen by the command (its argv claim, or `--family`)
   * speaks for the source; one chosen by the output's shape (a timestamped log read as `ci-log`) does
   * not, so neither its lane nor its family decides.
   */
  chosenBy?: 'command' | 'content' | undefined;
}

/**
 * The lane for a run: the flag, the config, then for a reducer the command chose its declared lane
 * (its author knows the output: `git log` untrusted, `gh run view` runtime) and this table by program
 * and family; for a reducer the output's shape chose, only the table by program. Else external-runtime:
 * `kubectl logs`, `tail app.log` or a pipe of unknown origin are never internal because their lines
 * look like a CI log.
 */
export function resolveLane(choice: LaneChoice): TrustLane {
  const fromUser = choice.flag ?? choice.config?.[choice.family];
  if (fromUser) return fromUser;
  if (choice.chosenBy === 'content') return knownLaneFor('', choice.argv) ?? 'external-runtime';
  return choice.reducerLane ?? knownLaneFor(choice.family, choice.argv) ?? 'external-runtime';
}

/**
 * Whether the subcommand words appear in order among the first words after the program. Option values
 * are not told from words (`kubectl -n prod logs` gives `prod, logs`), so a little slack is allowed.
 */
function hasSubcommand(words: readonly string[], sub: readonly string[]): boolean {
  let at = 0;
  for (const w of sub) {
    const limit = at === 0 ? 3 : 2;
    const found = words.slice(at + 1, at + 1 + limit).indexOf(w);
    if (found < 0) return false;
    at += found + 1;
  }
  return true;
}

// Wrappers that run another command: `sudo kubectl ...`, `env X=1 curl ...`, `time make`, `npx vitest`.
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'time', 'nice', 'nohup', 'timeout', 'stdbuf', 'unbuffer', 'command', 'exec', 'xargs', 'watch']);

/** Program (basename, lower-cased) then its non-option words, with wrappers and VAR=value skipped. */
function commandWords(argv: readonly string[]): string[] {
  let i = 0;
  while (i < argv.length) {
    const word = argv[i] ?? '';
    const base = basename(word);
    if (WRAPPERS.has(base) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
      // timeout's duration, nice -n N and similar: skip options and numbers after a wrapper.
      while (i < argv.length && /^(?:-|\d)/.test(argv[i] ?? '')) i++;
      continue;
    }
    break;
  }
  const program = basename(argv[i] ?? '');
  const rest = argv.slice(i + 1).filter((w) => !w.startsWith('-'));
  if ((program === 'npx' || program === 'pnpx' || program === 'bunx') && rest.length) return [basename(rest[0] ?? ''), ...rest.slice(1)];
  return [program, ...rest];
}

function basename(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.(?:exe|cmd|bat|ps1)$/i, '').toLowerCase();
}
