/**
 * What a tool call did, as far as its name, arguments and output tell: the arguments in a
 * normal form (for spotting repeated calls), the files it read or changed (for spotting
 * superseded reads), and whether it failed (for spotting errors a later call made moot).
 * Structure first (argument keys, the format's error flag, a stated exit code); tool names are
 * read as words (`TodoWrite` is todo + write), never matched against one tool's wording.
 */
import stripAnsi from 'strip-ansi';
import type { ToolCallBlock, ToolResultBlock } from '../model.js';
import { TRIM_MARKER } from './trim-text.js';

/** A file a call read (whole, or the part `range` names) or changed. */
export interface FileTarget {
  readonly path: string;
  readonly action: 'read' | 'edit';
  /** What part was read, as a comparable key; undefined for the whole file. */
  readonly range?: string;
}

/** The words of a tool name: `TodoWrite` -> todo, write; `str_replace_editor` -> str, replace, editor. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

/** True when `name` is one of `patterns`, or one of its words is (case-insensitive). */
export function nameMatches(name: string, patterns: readonly string[]): boolean {
  const lower = name.toLowerCase();
  const words = nameWords(name);
  return patterns.some((p) => p.toLowerCase() === lower || words.includes(p.toLowerCase()));
}

function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return undefined;
  }
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return typeof value === 'string' ? JSON.stringify(value.trim()) : JSON.stringify(value) ?? 'null';
}

const keys = new WeakMap<ToolCallBlock, string>();
const targets = new WeakMap<ToolCallBlock, FileTarget[]>();

/** The call as a key: tool name and arguments with keys sorted and outer whitespace dropped. */
export function callKey(call: ToolCallBlock): string {
  let key = keys.get(call);
  if (key === undefined) {
    const args = parseArguments(call.input);
    key = `${call.name}\0${args === undefined ? call.input.trim().replace(/\s+/g, ' ') : sortedJson(args)}`;
    keys.set(call, key);
  }
  return key;
}

const PATH_KEYS = ['file_path', 'path', 'filePath', 'file', 'filename', 'target_file', 'notebook_path'];
const RANGE_KEYS = ['view_range', 'offset', 'limit', 'start_line', 'end_line', 'lines', 'line_range'];
const READ_WORDS = ['read', 'view', 'cat', 'open'];
const EDIT_WORDS = ['edit', 'write', 'replace', 'patch', 'create', 'insert', 'multiedit'];
/** `str_replace_editor`-style tools name the action in `command`. */
const EDIT_COMMANDS = new Set(['create', 'str_replace', 'insert', 'undo_edit', 'write']);
/** Programs that print a file; the first four print it whole unless given more than a flag. */
const WHOLE_READERS = new Set(['cat', 'get-content', 'gc', 'type']);
const PART_READERS = new Set(['nl', 'head', 'tail', 'sed', 'less', 'more', 'bat']);
const PLAIN_FLAGS = /^-(raw|n|b|a|v|ba|e)$/i;

function normalPath(path: string): string {
  return path.trim().replace(/^["']|["']$/g, '').replace(/\\/g, '/').replace(/^\.\//, '');
}

/** Splits a simple shell line into words, honouring single and double quotes. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

/**
 * A shell command that only prints one file: one statement (assignments aside) whose first
 * pipeline stage is a file printer. Whole-file when that is all it does; otherwise the
 * command text is the range, so only the same command reads the same part again.
 */
function shellRead(command: string): FileTarget | undefined {
  const statements = command.split(/;|&&|\|\||\n/).map((s) => s.trim()).filter((s) => s.length > 0 && !/^\$?[\w:]+\s*=/.test(s));
  if (statements.length !== 1) return undefined;
  const statement = statements[0] ?? '';
  const stages = statement.split('|');
  const words = shellWords(stages[0] ?? '');
  const program = (words[0] ?? '').toLowerCase().replace(/^.*[\\/]/, '');
  if (!WHOLE_READERS.has(program) && !PART_READERS.has(program)) return undefined;
  const operands = words.slice(1).filter((w) => !w.startsWith('-'));
  const path = operands[operands.length - 1];
  if (path === undefined || /[*?<>]/.test(path)) return undefined;
  const whole = stages.length === 1 && WHOLE_READERS.has(program) && operands.length === 1 && words.slice(1).every((w) => w === path || PLAIN_FLAGS.test(w));
  return whole ? { path: normalPath(path), action: 'read' } : { path: normalPath(path), action: 'read', range: statement.replace(/\s+/g, ' ') };
}

/** Paths a freeform patch (`*** Update File: x`) changes. */
function patchedFiles(input: string): FileTarget[] {
  return [...input.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)].map((m) => ({ path: normalPath(m[1] ?? ''), action: 'edit' as const }));
}

/** The files a call read or changed, as far as its arguments say (worked out once per call). */
export function fileTargets(call: ToolCallBlock): FileTarget[] {
  let found = targets.get(call);
  if (found === undefined) {
    found = readTargets(call);
    targets.set(call, found);
  }
  return found;
}

function readTargets(call: ToolCallBlock): FileTarget[] {
  const args = parseArguments(call.input);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return patchedFiles(call.input);
  const record = args as Record<string, unknown>;
  const path = PATH_KEYS.map((k) => record[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const command = record['command'] ?? record['cmd'];
  if (path !== undefined) {
    const words = nameWords(call.name);
    const edits = (typeof command === 'string' && EDIT_COMMANDS.has(command)) || (command === undefined && words.some((w) => EDIT_WORDS.includes(w)));
    if (edits) return [{ path: normalPath(path), action: 'edit' }];
    const reads = command === 'view' || (command === undefined && words.some((w) => READ_WORDS.includes(w)));
    if (!reads) return [];
    const range = RANGE_KEYS.filter((k) => record[k] !== undefined).map((k) => `${k}=${JSON.stringify(record[k])}`).join(',');
    return [range === '' ? { path: normalPath(path), action: 'read' } : { path: normalPath(path), action: 'read', range }];
  }
  const text = typeof command === 'string' ? command : Array.isArray(command) && command.every((c) => typeof c === 'string') ? command.join(' ') : undefined;
  if (text === undefined) return [];
  const read = shellRead(text);
  return read ? [read] : patchedFiles(text);
}

/** A stated exit status near the top or bottom of an output (`Exit code: 1`, `[... exit code 2.]`). */
const EXIT_STATUS = /\bexit(?:ed)?(?: with)? (?:code|status)[:\s]+(-?\d+)/i;
const ERROR_WORDS = /\b(error|errors|failed|failure|fatal|exception|traceback|not found|denied|cannot|invalid|no such)\b/i;

function statedExit(output: string): number | undefined {
  const lines = output.split('\n');
  for (const line of [...lines.slice(0, 3), ...lines.slice(-2)]) {
    const match = EXIT_STATUS.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** How a result came out: `error`, `ok`, or `unknown` for a placeholder (its text is no evidence). */
export function outcome(result: ToolResultBlock): 'error' | 'ok' | 'unknown' {
  if (result.replacement !== undefined || result.output.startsWith(TRIM_MARKER)) return 'unknown';
  if (result.isError) return 'error';
  const exit = statedExit(result.output);
  return exit !== undefined && exit !== 0 ? 'error' : 'ok';
}

/** The line that best says what went wrong: the first naming an error, else the first with text. */
export function firstErrorLine(output: string): string {
  const lines = stripAnsi(output).split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const body = lines.filter((l) => !EXIT_STATUS.test(l) && !/^(wall time|output):/i.test(l));
  const line = body.find((l) => ERROR_WORDS.test(l)) ?? body[0] ?? lines[0] ?? '';
  const exit = statedExit(output);
  return exit !== undefined && exit !== 0 && !EXIT_STATUS.test(line) ? `(exit code ${exit}) ${line}` : line;
}
