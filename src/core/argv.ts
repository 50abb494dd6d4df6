/**
 * Strips launchers and wrappers from a command line so detection sees the real tool:
 * `sudo -E env FOO=1 npx --yes jest --ci` reads as `jest --ci`, and a command run elsewhere or in a
 * shell as the command it runs: `docker compose exec -T web pytest -x` as `pytest -x`,
 * `kubectl exec api-0 -- go test ./...` as `go test ./...`, `bash -lc "cd app && npm test"` as `npm test`.
 */

const PASS_THROUGH = new Set(['sudo', 'env', 'time', 'nice', 'nohup', 'command', 'exec', 'stdbuf', 'ionice', 'xargs']);
/** Launchers followed by the tool's name: `npx jest`, `bunx vitest`, `pnpm exec tsc`. */
const LAUNCHERS: Record<string, readonly string[]> = {
  npx: [],
  bunx: [],
  pnpx: [],
  'pnpm exec': [],
  'pnpm dlx': [],
  'yarn exec': [],
  'yarn dlx': [],
  'npm exec': [],
  'uv run': [],
  'poetry run': [],
  'pipenv run': [],
  'bundle exec': [],
  'python -m': [],
  'python3 -m': [],
  'py -m': [],
};

/** Splits command text into words for detection; quotes group words, nothing is run. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

export function programName(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? word;
  return base.replace(/\.(?:exe|cmd|bat|js|mjs|cjs)$/i, '');
}

export function normalizeArgv(argv: readonly string[]): string[] {
  let words = [...argv];
  for (let guard = 0; guard < 8 && words.length > 0; guard++) {
    const first = programName(words[0]!);
    const inner = innerCommand(first, words);
    if (inner) {
      words = inner;
      continue;
    }
    if (PASS_THROUGH.has(first)) {
      words = skipOptions(words.slice(1));
      while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift();
      continue;
    }
    if (first === 'timeout') {
      words = skipOptions(words.slice(1)).slice(1); // drop the duration
      continue;
    }
    const two = `${first} ${words[1] ?? ''}`;
    if (LAUNCHERS[two]) {
      words = skipOptions(words.slice(2));
      continue;
    }
    if (LAUNCHERS[first]) {
      words = skipOptions(words.slice(1));
      continue;
    }
    // `yarn jest`, `pnpm vitest`: a package manager running a binary that is not one of its own commands.
    if ((first === 'yarn' || first === 'pnpm' || first === 'bun') && words[1] && !PM_COMMANDS.has(words[1]) && !words[1].startsWith('-')) {
      words = words.slice(1);
      continue;
    }
    break;
  }
  if (words[0]) words[0] = programName(words[0]);
  return words;
}

/**
 * The words of the command whose output a shell command line prints: the last command of its chain
 * (`&&`, `||`, `;`), before any pipe, without redirections. `cd app && make test 2>&1 | tee log` gives
 * `make test`. Commands that only set up or announce (`cd`, `export`, `echo "=== tests ==="`, `sleep 5`)
 * yield to the one before or after them that runs something: `npm test && echo OK` gives `npm test`.
 * Quotes group words and hide operators (`python3 -c "a; b"` is one command).
 */
export function shellCommandWords(text: string): string[] {
  return printingCommand(text)?.words ?? [];
}

/** One command of a shell line's chain: its words before any pipe (redirections dropped), and the program its output was piped into last. */
interface ChainedCommand {
  words: string[];
  lastStage: string | null;
}

/** The command of a shell line whose output the line prints: the chain's last one that runs something (see shellCommandWords). */
function printingCommand(text: string): ChainedCommand | undefined {
  const chain: ChainedCommand[] = [{ words: [], lastStage: null }];
  let piped = false;
  let stageStart = false;
  for (const token of shellTokens(text)) {
    const current = chain[chain.length - 1]!;
    if (token.operator === '|') {
      piped = stageStart = true;
    } else if (token.operator) {
      chain.push({ words: [], lastStage: null });
      piped = stageStart = false;
    } else if (!piped) current.words.push(token.word);
    else if (stageStart) {
      current.lastStage = programName(token.word).toLowerCase();
      stageStart = false;
    }
  }
  const commands = chain.map((c) => ({ ...c, words: withoutRedirections(c.words) })).filter((c) => c.words.length > 0);
  const runs = commands.filter((c) => !SETUP_COMMANDS.has(programName(c.words[0]!)));
  return runs.at(-1) ?? commands.at(-1);
}

/**
 * The argv of a command given as text (`--command`, a hook's command line): the command whose output the
 * line prints when it is a shell line (`cd app && npm test 2>&1 | tail -40`), else its words.
 */
export function commandLineArgv(text: string): string[] {
  return /[;&|\n]/.test(text) ? shellCommandWords(text) : splitCommand(text);
}

/** Commands that set up or announce around the one that runs: its output is not theirs. */
const SETUP_COMMANDS = new Set(['cd', 'pushd', 'popd', 'export', 'set', 'unset', 'source', '.', 'ulimit', 'umask', 'alias', 'echo', 'printf', 'sleep', 'true', ':', 'clear', 'wait']);

/** Shell words, and the operators between commands (`&&`, `||`, `;`, `|`, a line break) that stand outside quotes. */
function shellTokens(text: string): Array<{ word: string; operator?: '&&' | '||' | ';' | '|' }> {
  const tokens: Array<{ word: string; operator?: '&&' | '||' | ';' | '|' }> = [];
  let word = '';
  let inWord = false;
  const end = (): void => {
    if (inWord) tokens.push({ word });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      const stop = close === -1 ? text.length : close;
      word += text.slice(i + 1, stop);
      inWord = true;
      i = stop;
    } else if (c === '\\' && text[i + 1] === '\n') {
      i++; // a line continuation joins the lines
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (c === ';' || c === '\n') {
      end();
      tokens.push({ word: '', operator: ';' });
    } else if (c === '|' || (c === '&' && text[i + 1] === '&')) {
      end();
      const double = text[i + 1] === c;
      tokens.push({ word: '', operator: double ? (c === '|' ? '||' : '&&') : '|' });
      if (double) i++;
    } else if (/\s/.test(c)) end();
    else {
      word += c;
      inWord = true;
    }
  }
  end();
  return tokens;
}

/** Redirections are the shell's, not the command's: `2>&1`, `>out.log`, `2> /dev/null`. */
function withoutRedirections(words: string[]): string[] {
  return words.filter((w, i) => !REDIRECTION.test(w) && !(i > 0 && REDIRECTION_ALONE.test(words[i - 1]!)));
}

const REDIRECTION = /^(?:\d*>>?|&>>?|\d*<)(?:&?\d+|&-|\S*)$/;
/** A redirection whose target is the next word (`> out.log`). */
const REDIRECTION_ALONE = /^(?:\d*>>?|&>>?|\d*<)$/;

// Options of the commands that run another command, that take a value as the next word.
const CONTAINER_VALUES = new Set(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '-v', '--volume', '-p', '--publish', '--name', '--network', '--net', '--entrypoint', '-m', '--memory', '--cpus', '--mount', '-l', '--label', '--label-file', '--add-host', '--platform', '--pull', '--restart', '-h', '--hostname', '--device', '--cap-add', '--cap-drop', '--security-opt', '--tmpfs', '--ulimit', '--log-driver', '--log-opt', '--gpus', '--shm-size', '--ipc', '--pid', '--dns', '--expose', '--link', '--volumes-from', '--cidfile', '--runtime', '--stop-signal', '--stop-timeout', '--index', '--uts', '--userns', '--group-add', '--memory-swap', '--cpuset-cpus']);
const COMPOSE_GLOBAL_VALUES = new Set(['-f', '--file', '-p', '--project-name', '--profile', '--env-file', '--project-directory', '--ansi', '--progress', '--parallel']);
const SSH_VALUES = new Set(['-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w']);
const CONTAINER_CLIS = new Set(['docker', 'podman', 'nerdctl']);
const COMPOSE_CLIS = new Set(['docker-compose', 'podman-compose']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);

/** Options (and the values of those in `values`) from the start of `words`, up to the first other word. */
function skipOptionsWithValues(words: readonly string[], values: ReadonlySet<string>): string[] {
  let i = 0;
  while (i < words.length && words[i]!.startsWith('-') && words[i] !== '--') i += values.has(words[i]!) ? 2 : 1;
  return words.slice(words[i] === '--' ? i + 1 : i);
}

/**
 * The command that `words` runs in a container, a pod, on a host or in a shell, or null when `words` is not such a
 * command or names none (`docker run nginx` runs the image's own; `ssh host` opens a session).
 */
function innerCommand(program: string, words: readonly string[]): string[] | null {
  const after = (rest: readonly string[]): string[] | null => (rest.length > 1 ? rest.slice(1) : null); // past the container, service or host
  if (CONTAINER_CLIS.has(program) || COMPOSE_CLIS.has(program)) {
    let rest = words.slice(1);
    if (rest[0] === 'container') rest = rest.slice(1);
    const compose = COMPOSE_CLIS.has(program) || rest[0] === 'compose';
    if (compose) rest = skipOptionsWithValues(COMPOSE_CLIS.has(program) ? rest : rest.slice(1), COMPOSE_GLOBAL_VALUES);
    if (rest[0] !== 'exec' && rest[0] !== 'run') return null;
    return after(skipOptionsWithValues(rest.slice(1), CONTAINER_VALUES));
  }
  if ((program === 'kubectl' || program === 'oc') && words.includes('exec')) {
    const dashes = words.indexOf('--');
    return dashes > 0 && dashes < words.length - 1 ? words.slice(dashes + 1) : null;
  }
  if (program === 'ssh') {
    const command = after(skipOptionsWithValues(words.slice(1), SSH_VALUES));
    return command ? shellCommandWords(command.join(' ')) : null;
  }
  const script = shellScript(words);
  return script === null ? null : shellCommandWords(script);
}

/** The script of `sh -c 'cmd'`, `bash -lc "cmd"`, `bash -e -c "cmd"`: the string after the option cluster that holds c; null for other argv. */
export function shellScript(words: readonly string[]): string | null {
  if (!words[0] || !SHELLS.has(programName(words[0]))) return null;
  const at = words.findIndex((w, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(w));
  const script = at > 0 ? words[at + 1] : undefined;
  return script !== undefined && words.slice(1, at).every((w) => w.startsWith('-')) ? script : null;
}

/** Programs that cut or pick what a line prints: `grep`, `head`, `tail`, `sed -n`, `jq`, `sort | uniq -c`. */
const FILTERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'head', 'tail', 'sed', 'awk', 'gawk', 'mawk', 'cut', 'sort', 'uniq', 'wc', 'jq', 'yq', 'column', 'tr', 'nl', 'fold', 'tac', 'less', 'more', 'findstr', 'select-string']);

/**
 * Whether a shell line prints its command's output through a filter (`npx playwright test 2>&1 | grep -E
 * "ok|x "`, `cargo test 2>&1 | tail -30`): the caller cut the output to what it wants to read, so what
 * is printed is an answer, whatever the command was run for.
 */
export function printedThroughFilter(text: string): boolean {
  const stage = printingCommand(text)?.lastStage;
  return stage != null && FILTERS.has(stage);
}

const PM_COMMANDS = new Set(['install', 'i', 'add', 'remove', 'rm', 'update', 'up', 'upgrade', 'run', 'test', 'build', 'audit', 'outdated', 'list', 'ls', 'why', 'init', 'create', 'publish', 'pack', 'link', 'unlink', 'ci', 'dedupe', 'prune', 'config', 'store', 'workspace', 'workspaces', 'info', 'view', 'start', 'lint', 'exec', 'dlx', 'x']);

function skipOptions(words: string[]): string[] {
  let i = 0;
  while (i < words.length && words[i]!.startsWith('-')) i++;
  return words.slice(i);
}

/** Words of the command without options, for matching claims like `kubectl get`. */
export function commandWords(argv: readonly string[]): string[] {
  const words = normalizeArgv(argv);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('-')) {
      // `-n ns`, `--namespace ns`: skip the value of flags known to take one.
      if (FLAGS_WITH_VALUES.has(word) && i + 1 < words.length) i++;
      continue;
    }
    out.push(word);
  }
  return out;
}

const FLAGS_WITH_VALUES = new Set(['-n', '--namespace', '--context', '--kubeconfig', '-R', '--repo', '-C', '-o', '--output', '--file', '-p', '--project-name', '--project-directory', '-chdir', '-l', '--selector', '-c', '--container']);
