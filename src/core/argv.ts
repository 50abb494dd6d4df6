/**
 * Strips launchers and wrappers from a command line so detection sees the real tool:
 * `sudo -E env FOO=1 npx --yes jest --ci` reads as `jest --ci`.
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
