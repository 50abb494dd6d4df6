import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { SettingsError, installHooks, uninstallHooks } from './edit.js';
import { installMcpServer, mcpEntry, uninstallMcpServer, type McpCommand } from './codex-mcp.js';
import { codexConfigFile, hooksDisabled, hooksFile, readText, type Host, type Scope } from './hosts.js';

/**
 * `reduce init` and `reduce uninstall`: idempotent edits of the host's files (the hooks, and for
 * Codex the MCP server in config.toml). Each file is backed up once (`<file>.reduce-backup`) before
 * reduce first changes it; uninstall restores that backup byte for byte when the file is still
 * exactly what init made of it, and otherwise removes only what reduce added.
 */

export interface InstallOptions {
  scope: Scope;
  rewrite: boolean;
  dryRun: boolean;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How the hooks start reduce (absolute node and script paths, shell-quoted). */
  invocation: string;
  /** How Codex starts `reduce mcp` (the same node and script, as command and args). */
  mcp: McpCommand;
}

/** One file init or uninstall touched (or would touch). */
export interface FileReport {
  file: string;
  changed: boolean;
  diff: string;
}

export interface InstallReport {
  files: FileReport[];
  /** Said after the diffs: what the user still has to do, and what changes for them. */
  notes: string[];
  /** Set when nothing was written because the host would not run the hooks. */
  refused?: string;
}

/** A file reduce edits for a host, with the pure edit in each direction. */
interface FileEdit {
  file: string;
  install(text: string | null): string | null;
  uninstall(text: string | null): string | null;
  /** What init has to tell the user about this file as it found it (already checked by install). */
  noteOn?(text: string | null): string[];
}

/** Claude Code: the hooks in its settings (the plugin carries the MCP server). Codex: hooks.json, and the MCP server in config.toml. */
function fileEdits(host: Host, options: Omit<InstallOptions, 'dryRun'>): FileEdit[] {
  const { scope, cwd, env } = options;
  const hooks: FileEdit = {
    file: hooksFile(host, scope, cwd, env),
    install: (text) => installHooks(text, host, options.invocation, options.rewrite),
    uninstall: (text) => uninstallHooks(text, host),
  };
  if (host === 'claude') return [hooks];
  const configFile = codexConfigFile(scope, cwd, env);
  const config: FileEdit = {
    file: configFile,
    install: (text) => installMcpServer(text, options.mcp),
    uninstall: uninstallMcpServer,
    noteOn: (text) => (mcpEntry(text) === 'foreign' ? [`${configFile} already has an [mcp_servers.reduce] table reduce did not write: left as it is, so Codex starts that one.`] : []),
  };
  return [hooks, config];
}

export function initHost(host: Host, options: InstallOptions): InstallReport {
  const disabled = hooksDisabled(host, options.cwd, options.env);
  if (disabled) return { files: [], notes: [], refused: disabled };
  const edits = fileEdits(host, options);
  // Every file is checked (and may refuse) before any is written, so a bad config.toml leaves hooks.json alone too.
  const planned = edits.map((edit) => {
    const before = readText(edit.file);
    try {
      return { edit, before, after: edit.install(before) };
    } catch (err) {
      if (err instanceof SettingsError) throw new SettingsError(`${edit.file}: ${err.message}`);
      throw err;
    }
  });
  const notes = [...notesFor(host, options), ...planned.flatMap(({ edit, before }) => edit.noteOn?.(before) ?? [])];
  const files = planned.map(({ edit, before, after }) => {
    const report: FileReport = { file: edit.file, changed: after !== before, diff: patch(edit.file, before, after) };
    if (report.changed && !options.dryRun) {
      const backup = `${edit.file}.reduce-backup`;
      if (before !== null && !fs.existsSync(backup)) fs.writeFileSync(backup, before);
      write(edit.file, after);
    }
    return report;
  });
  return { files, notes };
}

export function uninstallHost(host: Host, options: Omit<InstallOptions, 'rewrite'>): InstallReport {
  const files = fileEdits(host, { ...options, rewrite: false }).map((edit) => {
    const before = readText(edit.file);
    const backup = `${edit.file}.reduce-backup`;
    const saved = readText(backup);
    // Still exactly what init made of the backup (with or without the rewrite hook): give the original back.
    const initOf = (text: string | null): Array<string | null> =>
      [false, true].map((rewrite) => safe(() => fileEdits(host, { ...options, rewrite }).find((e) => e.file === edit.file)!.install(text)));
    let after: string | null;
    if (before !== null && saved !== null && initOf(saved).includes(before)) after = saved;
    else if (before !== null && saved === null && initOf(null).includes(before)) after = null;
    else after = edit.uninstall(before);
    const report: FileReport = { file: edit.file, changed: after !== before, diff: patch(edit.file, before, after) };
    if (report.changed && !options.dryRun) {
      write(edit.file, after);
      fs.rmSync(backup, { force: true });
    }
    return report;
  });
  return { files, notes: [] };
}

function safe(edit: () => string | null): string | null {
  try {
    return edit();
  } catch (err) {
    if (err instanceof SettingsError) return null;
    throw err;
  }
}

function notesFor(host: Host, options: InstallOptions): string[] {
  if (host === 'codex') {
    return [
      'Codex runs a new or changed hook only after you review it: open codex and run /hooks to trust the reduce hooks (until then they are skipped silently; reduce doctor codex tells).',
      'The MCP server (tools reduce_run, reduce_inspect, reduce_search, reduce_text) is registered as [mcp_servers.reduce] in config.toml; Codex starts it with its next session (codex mcp list shows it).',
      'Rewritten commands reach Codex as `… reduce.js -- <command>` and your sandbox and approval policy judge that command; a command one of your prefix_rules could match is never rewritten (the rule keeps applying; its output is reduced after the run).',
    ];
  }
  return options.rewrite
    ? ['PreToolUse rewrites only commands your permission rules already allow (or every simple command under bypassPermissions), and never one a deny or ask rule could match; everything else is left to PostToolUse.']
    : ['Successful long outputs are replaced by the packet after they run (PostToolUse); failures keep Claude Code\'s own view plus the cited lines its 5,000+5,000-character cut dropped. reduce init claude --rewrite also wraps allowed commands before they run, so failures get the packet too.'];
}

function patch(file: string, before: string | null, after: string | null): string {
  if (before === after) return '';
  return createTwoFilesPatch(before === null ? '/dev/null' : file, after === null ? '/dev/null' : file, before ?? '', after ?? '', '', '', { context: 3 });
}

/** Writes through a temporary file, so the host never reads half a file; null removes the file. */
function write(file: string, text: string | null): void {
  if (text === null) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.reduce-${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

export { SettingsError };
