import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { descendants, parseShell } from './parse.js';

/**
 * Which commands a hook may wrap in `reduce --`. Only one simple command, decided from a real
 * parse: anything the parser does not accept, and anything whose meaning a wrapper could change
 * (pipes, chains, redirections, substitutions, heredocs, background jobs, subshells, builtins,
 * interactive programs, follow modes without a timeout, commands already wrapped) is left as typed.
 */

export type Decision =
  | {
      action: 'wrap';
      /** Where the program name starts: leading `VAR=value` words stay before the wrapper. */
      insertAt: number;
      program: string;
      /** The program and its arguments as typed, outer quotes removed (what exec-policy rules are matched against). */
      words: string[];
      /** A follow/watch mode: wrap only with a timeout shorter than the host's. */
      follow: boolean;
    }
  | { action: 'pass'; reason: string };

/** Node types that mean more than one simple command, or I/O the wrapper would change. */
const STRUCTURE: Record<string, string> = {
  command_substitution: 'command substitution',
  process_substitution: 'process substitution',
  subshell: 'subshell',
  heredoc_redirect: 'heredoc',
  herestring_redirect: 'here-string',
  file_redirect: 'redirection',
  redirected_statement: 'redirection',
  pipeline: 'pipeline',
  list: '&&/|| chain',
  negated_command: 'negated command',
  compound_statement: 'command group',
  function_definition: 'function definition',
  if_statement: 'shell keyword',
  for_statement: 'shell keyword',
  c_style_for_statement: 'shell keyword',
  while_statement: 'shell keyword',
  case_statement: 'shell keyword',
  test_command: 'test expression',
  declaration_command: 'shell builtin',
  unset_command: 'shell builtin',
};

/** Builtins that change the shell's own state, or print too little to be worth a packet. */
const BUILTINS = new Set(['cd', 'pushd', 'popd', 'export', 'source', '.', 'alias', 'unalias', 'unset', 'set', 'shopt', 'ulimit', 'umask', 'eval', 'exec', 'exit', 'return', 'read', 'declare', 'local', 'typeset', 'readonly', 'trap', 'wait', 'jobs', 'fg', 'bg', 'disown', 'hash', 'type', 'history', 'builtin', 'command', 'echo', 'printf', 'pwd', 'true', 'false', ':', 'test', '[', 'let', 'shift', 'break', 'continue', 'enable', 'complete', 'bind', 'caller', 'getopts', 'logout', 'mapfile', 'readarray', 'suspend', 'times', 'help', 'dirs', 'kill']);

/** Programs that run another command their own way: the wrapper would see the wrong thing. */
const WRAPPERS = new Set(['sudo', 'doas', 'su', 'env', 'nohup', 'time', 'timeout', 'nice', 'ionice', 'stdbuf', 'xargs', 'setsid', 'chroot', 'unbuffer', 'script', 'flock', 'strace', 'ltrace', 'gdb', 'valgrind', 'bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh']);

/** Filters that already shrink output: wrapping them again would hide their packet. */
const FILTERS = new Set(['reduce', 'rtk']);

/** Full-screen or prompting programs: they need the terminal. */
const INTERACTIVE = new Set(['vi', 'vim', 'nvim', 'view', 'nano', 'pico', 'emacs', 'micro', 'ed', 'less', 'more', 'most', 'man', 'info', 'top', 'htop', 'btop', 'atop', 'iotop', 'watch', 'ssh', 'mosh', 'telnet', 'ftp', 'sftp', 'tmux', 'screen', 'fzf', 'dialog', 'whiptail', 'ncdu', 'mc', 'ranger', 'tig', 'lazygit', 'k9s', 'passwd']);

/** Interpreters and database shells: interactive when given nothing to run. */
const REPLS = new Set(['python', 'python3', 'node', 'deno', 'bun', 'irb', 'ruby', 'psql', 'mysql', 'sqlite3', 'redis-cli', 'mongo', 'mongosh', 'ghci', 'R', 'julia', 'lua', 'php', 'perl', 'scala', 'sbcl', 'clj', 'iex', 'erl', 'ipython']);

export interface ClassifyOptions {
  /** The host's timeout for this call, when it has one: follow modes are wrapped only under it. */
  hostTimeoutMs?: number | null;
}

export async function classifyCommand(text: string, options: ClassifyOptions = {}): Promise<Decision> {
  if (text.trim() === '') return pass('empty command');
  let parsed;
  try {
    parsed = await parseShell(text);
  } catch {
    return pass('the shell parser is unavailable');
  }
  if (!parsed) return pass('the shell parser gave no tree');
  if (parsed.hasError) return pass('the parser does not accept it');
  const statements = parsed.root.children.filter((c): c is Node => c !== null);
  if (statements.length !== 1) return pass(statements.some((s) => s.type === '&') ? 'background job' : statements.some((s) => s.type === 'comment') ? 'comment' : 'more than one statement');
  const command = statements[0]!;
  if (command.type !== 'command') return pass(STRUCTURE[command.type] ?? (command.type === 'variable_assignment' || command.type === 'variable_assignments' ? 'assignment only' : command.type));
  for (const node of descendants(command)) if (STRUCTURE[node.type]) return pass(STRUCTURE[node.type]!);
  const name = command.childForFieldName('name');
  if (!name) return pass('assignment only');
  const word = name.namedChildren[0];
  if (!word || word.type !== 'word' || name.namedChildCount !== 1) return pass('the program name is computed');
  const program = word.text;
  const args = command.childrenForFieldName('argument').filter((a): a is Node => a !== null).map((a) => unquote(a.text));
  const base = path.basename(program);
  if (base.includes('$') || base.includes('*')) return pass('the program name is computed');
  if (BUILTINS.has(base)) return pass(`shell builtin ${base}`);
  if (FILTERS.has(base) || isReduceScript(base, args)) return pass('already wrapped by a filter');
  if (WRAPPERS.has(base)) return pass(`${base} runs another command its own way`);
  if (INTERACTIVE.has(base) || (REPLS.has(base) && args.filter((a) => !a.startsWith('-')).length === 0) || interactiveUse(base, args)) return pass(`${base} is interactive`);
  const follow = isFollow(base, args);
  if (follow && !options.hostTimeoutMs) return pass('follow mode with no host timeout to stay under');
  return { action: 'wrap', insertAt: name.startIndex, program, words: [program, ...args], follow };
}

/** Inserts the wrapper after the leading assignments; the rest stays byte for byte as typed. */
export function rewriteCommand(text: string, decision: Extract<Decision, { action: 'wrap' }>, reduceInvocation: string, timeoutSeconds?: number): string {
  const timeout = timeoutSeconds !== undefined ? `--timeout ${timeoutSeconds}s ` : '';
  return `${text.slice(0, decision.insertAt)}${reduceInvocation} ${timeout}-- ${text.slice(decision.insertAt)}`;
}

function pass(reason: string): Decision {
  return { action: 'pass', reason };
}

function unquote(word: string): string {
  return /^(['"]).*\1$/s.test(word) ? word.slice(1, -1) : word;
}

/** `node …/reduce.js` is reduce too. */
function isReduceScript(base: string, args: string[]): boolean {
  return base === 'node' && args.length > 0 && /(^|\/)reduce(\.js)?$/.test(args[0]!);
}

/** Uses of otherwise batch tools that open an editor or prompt, or attach a terminal. */
function interactiveUse(base: string, args: string[]): boolean {
  const has = (...flags: string[]): boolean => args.some((a) => flags.includes(a));
  if (base === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    if (sub === 'commit' && !args.some((a) => /^(-m|--message|-F|--file|--no-edit|-C|--reuse-message|--fixup|-am|-a?m.+)/.test(a))) return true;
    if ((sub === 'rebase' || sub === 'add' || sub === 'checkout' || sub === 'reset' || sub === 'stash') && has('-i', '--interactive', '-p', '--patch')) return true;
    if (sub === 'mergetool' || sub === 'difftool') return true;
  }
  // A terminal attached to a container (`-it`); elsewhere -t is a tag or a type.
  const attaching = ['run', 'exec', 'start', 'attach', 'debug'].includes(args.find((a) => !a.startsWith('-')) ?? '');
  if (['kubectl', 'docker', 'podman', 'oc'].includes(base) && attaching && args.some((a) => /^-(it|ti|i|t)$/.test(a) || a === '--interactive' || a === '--tty' || a === '--stdin')) return true;
  if (['docker', 'podman', 'kubectl'].includes(base) && args[0] === 'attach') return true;
  return false;
}

/** Follow and watch modes: the command does not end by itself. */
function isFollow(base: string, args: string[]): boolean {
  if (args.some((a) => a === '--follow' || a.startsWith('--follow=') || a === '--watch' || a.startsWith('--watch='))) return true;
  if ((base === 'tail' || base === 'journalctl') && args.some((a) => /^-[a-zA-Z]*[fF]/.test(a))) return true;
  const sub = args.filter((a) => !a.startsWith('-'));
  if (sub.includes('logs') && args.some((a) => /^-[a-zA-Z]*f$/.test(a))) return true;
  if (base === 'kubectl' && sub[0] === 'get' && args.some((a) => a === '-w' || a === '--watch-only')) return true;
  return false;
}
