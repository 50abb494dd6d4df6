import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { SettingsError } from './edit.js';

/**
 * The pure part of registering `reduce mcp` with Codex: config.toml text in, text out. Codex reads
 * `[mcp_servers.<name>] command = …, args = […]` (HOSTS.md 2.3). The table is appended at the end
 * under a marker comment and removed again as the same lines, so every other byte of the user's
 * file (comments, order, spacing) stays as it was. smol-toml checks the file before and after the
 * edit: reduce never writes a config.toml Codex could not read.
 */

export const MCP_SERVER_NAME = 'reduce';
const MARKER = '# reduce: the reduce MCP server (written by `reduce init codex`; `reduce uninstall codex` removes it)';
const HEADER = /^[ \t]*\[[ \t]*mcp_servers[ \t]*\.[ \t]*(?:reduce|"reduce"|'reduce')[ \t]*\][ \t]*(?:#.*)?$/;
const SUBTABLE = /^[ \t]*\[[ \t]*mcp_servers[ \t]*\.[ \t]*(?:reduce|"reduce"|'reduce')[ \t]*\./;
const ANY_HEADER = /^[ \t]*\[/;

export interface McpCommand {
  command: string;
  args: string[];
}

/** What `[mcp_servers.reduce]` holds in this text: absent, ours (a reduce `mcp` command), or the user's own. */
export function mcpEntry(text: string | null): 'absent' | 'ours' | 'foreign' {
  return lookUp(text).state;
}

function lookUp(text: string | null): { state: 'absent' | 'ours' | 'foreign'; server?: McpCommand } {
  if (text === null || text.trim() === '') return { state: 'absent' };
  const server = (parse(text).mcp_servers as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME];
  if (server === undefined) return { state: 'absent' };
  if (!isOurs(server) || findBlock(text.split('\n')) === null) return { state: 'foreign' };
  const { command, args } = server as McpCommand;
  return { state: 'ours', server: { command, args } };
}

/** Adds (or refreshes) our server table. A `[mcp_servers.reduce]` the user wrote is left alone. */
export function installMcpServer(text: string | null, server: McpCommand): string {
  const state = mcpEntry(text);
  if (state === 'foreign') return text!;
  const base = state === 'ours' ? removeBlock(text!) : text ?? '';
  const table = stringifyToml({ mcp_servers: { [MCP_SERVER_NAME]: { command: server.command, args: server.args } } }).trim();
  const newline = base.includes('\r\n') ? '\r\n' : '\n';
  const separator = base === '' ? '' : base.endsWith('\n') ? newline : newline + newline;
  const after = base + separator + [MARKER, ...table.split('\n')].join(newline) + newline;
  parse(after);
  return after;
}

/** Removes our server table; null when nothing else was in the file. */
export function uninstallMcpServer(text: string | null): string | null {
  if (text === null || mcpEntry(text) !== 'ours') return text;
  const after = removeBlock(text);
  return after.trim() === '' ? null : after;
}

/** The server as Codex would start it, when the table is ours. */
export function installedMcpServer(text: string | null): McpCommand | null {
  return lookUp(text).server ?? null;
}

function parse(text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    throw new SettingsError(`not valid TOML (${(err as Error).message.split('\n')[0]}); fix it or move it aside, reduce will not rewrite it`);
  }
}

/** A server entry that starts reduce's MCP server: `… reduce[.js] mcp` or `reduce` with args ending in `mcp`. */
function isOurs(server: unknown): boolean {
  if (!server || typeof server !== 'object') return false;
  const { command, args } = server as { command?: unknown; args?: unknown };
  if (typeof command !== 'string' || !Array.isArray(args) || args[args.length - 1] !== 'mcp') return false;
  return [command, ...args.slice(0, -1)].some((word) => typeof word === 'string' && /(?:^|[/\\])reduce(?:\.js)?$/.test(word));
}

/** Line range [start, end) of our table: the marker (when present), the header, its keys, and its own sub-tables. */
function findBlock(lines: string[]): [number, number] | null {
  const header = lines.findIndex((line) => HEADER.test(line.replace(/\r$/, '')));
  if (header < 0) return null;
  let end = header + 1;
  while (end < lines.length && !(ANY_HEADER.test(lines[end]!) && !SUBTABLE.test(lines[end]!))) end++;
  // Trailing blank and comment lines belong to what follows (a comment above the next table), not to our table.
  while (end > header + 1 && /^\s*(?:#.*)?$/.test(lines[end - 1]!.replace(/\r$/, ''))) end--;
  const start = header > 0 && lines[header - 1]!.replace(/\r$/, '') === MARKER ? header - 1 : header;
  return [start, end];
}

/** The text without our block and the blank line init put before it. */
function removeBlock(text: string): string {
  const lines = text.split('\n');
  const block = findBlock(lines)!;
  let [start] = block;
  const [, end] = block;
  if (start > 0 && lines[start - 1]!.replace(/\r$/, '') === '') start--;
  const kept = [...lines.slice(0, start), ...lines.slice(end)];
  // Init appended after a final newline: removing the block must give back exactly that newline.
  let after = kept.join('\n');
  if (start === 0 && end >= lines.length - 1) return '';
  if (end >= lines.length - 1 && text.endsWith('\n') && !after.endsWith('\n')) after += text.endsWith('\r\n') ? '\r\n' : '\n';
  return after;
}
