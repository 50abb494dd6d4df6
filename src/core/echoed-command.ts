import { normalizeArgv, shellCommandWords } from './argv.js';

/**
 * The command a task runner printed before it ran it. npm and pnpm print a script's header (`> shop@1.4.0 test`,
 * then `> vitest run`), yarn 1 and bun print `$ vitest run`, make echoes each recipe line before running it. What
 * follows is that command's output, so detection and intent read the command, as they would had it been run
 * directly: `npm run lint` running `eslint .` is read by eslint's reducer, `make log` running `git log -30` as an
 * answer. Only the head of stdout is read; the packet still names the runner's command line.
 */

export interface EchoedCommand {
  /** The command's words, past launchers and wrappers. */
  argv: string[];
  /** The head line (0-based) that echoed it: its output starts after it. */
  line: number;
}

/** npm/pnpm/yarn/bun: the words after the runner that run a package.json script (`npm test`, `pnpm run build`). */
const SCRIPT_RUNS: Record<string, ReadonlySet<string>> = {
  npm: new Set(['run', 'run-script', 'rum', 'urn', 'test', 't', 'tst', 'start', 'stop', 'restart']),
  pnpm: new Set(['run', 'run-script', 'test', 't', 'start', 'stop', 'restart']),
  yarn: new Set(['run', 'test', 'start']),
  bun: new Set(['run']),
};
const MAKES = new Set(['make', 'gmake', 'just']);
/** npm's and pnpm's script header: `> name@version script` (pnpm adds the folder), then `> command`. */
const HEADER = /^> (?:@?[\w.-]+(?:\/[\w.-]+)?@\S+ )?\S+(?: \S+)?$/;
/** yarn 1's and bun's echo of the script's command. */
const DOLLAR = /^\$ (\S.*)$/;
/** Lines make prints itself: `make[1]: Entering directory …`, `make: Nothing to be done for …`. */
const MAKE_OWN = /^(?:g?make|just)(?:\[\d+\])?:/;
/** make's options that run no recipe: -n (and -np, -pn …), -p, -q, --dry-run, --just-print, --recon, --print-data-base, --question. */
const MAKE_NOTHING_RUN = /^(?:-[A-Za-z]*[npq][A-Za-z]*|--(?:dry-run|just-print|recon|print-data-base|question))$/;
/** Commands a recipe runs to prepare or tidy up (their output, if any, says nothing of the job). */
const SETUP = new Set(['mkdir', 'rm', 'rmdir', 'cp', 'mv', 'ln', 'touch', 'chmod', 'cd', 'true', ':']);
/** Lines of the head read for a header or an echo: they come first, before the command's output. */
const LOOK_LINES = 12;

/**
 * The words of the command the runner echoed, when `argv` runs a task runner and the head shows its echo; else null.
 * make marks no echo: its first line that is not its own is taken as one when it reads as a command line (a program
 * name, then words), past set-up steps (`mkdir -p build`, `rm -f *.o`), which are not the job. A recipe that printed first instead (`@echo Building…`) then names no program any reducer or
 * verb knows, so detection and intent go by content, as they would for the make run.
 */
export function echoedCommand(argv: readonly string[], head: string): EchoedCommand | null {
  const words = normalizeArgv(argv);
  const runner = words[0] ?? '';
  const lines = head.split('\n', LOOK_LINES).map((l) => l.trimEnd());
  if (SCRIPT_RUNS[runner]?.has(words[1] ?? '')) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const next = lines[i + 1] ?? '';
      // A script that runs another script (`npm run lint && npm test`) is read at that one's header, further down.
      const header = HEADER.test(line) && next.startsWith('> ') && next.length > 2;
      const echoed = header ? next.slice(2) : DOLLAR.exec(line)?.[1];
      const command = echoed === undefined ? null : inner(echoed);
      if (command) return { argv: command, line: header ? i + 1 : i };
    }
    return null;
  }
  // `make -n` prints the commands it would run, `make -p` its database: nothing ran, the output is the answer.
  if (MAKES.has(runner) && !words.some((w) => MAKE_NOTHING_RUN.test(w))) {
    for (let at = 0; at < lines.length; at++) {
      const line = lines[at]!;
      if (line.trim() === '' || MAKE_OWN.test(line)) continue;
      if (line !== line.trimStart()) return null;
      const command = inner(line);
      // A recipe's set-up step (`mkdir -p build`, `rm -f x.o`) is not the job: the next echoed line may be.
      if (command && SETUP.has(command[0]!)) continue;
      return command ? { argv: command, line: at } : null;
    }
    return null;
  }
  return null;
}

/** The command a script line runs (the last of a chain, past launchers); null for nothing, or for another runner's run. */
function inner(script: string): string[] | null {
  const words = normalizeArgv(shellCommandWords(script));
  if (words.length === 0 || !/^[\w.+-]+$/.test(words[0]!)) return null;
  return SCRIPT_RUNS[words[0]!]?.has(words[1] ?? '') || MAKES.has(words[0]!) ? null : words;
}
