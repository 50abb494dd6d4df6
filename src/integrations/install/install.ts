import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { SettingsError, installHooks, uninstallHooks } from './edit.js';
import { hooksDisabled, hooksFile, readText, type Host, type Scope } from './hosts.js';

/**
 * `reduce init` and `reduce uninstall`: idempotent edits of the host's hooks file. The file is
 * backed up once (`<file>.reduce-backup`) before reduce first changes it; uninstall restores that
 * backup byte for byte when the file is still exactly what init made of it, and otherwise removes
 * only reduce's hooks.
 */

export interface InstallOptions {
  scope: Scope;
  rewrite: boolean;
  dryRun: boolean;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How the hooks start reduce (absolute node and script paths). */
  invocation: string;
}

export interface InstallReport {
  file: string;
  changed: boolean;
  diff: string;
  /** Said after the diff: what the user still has to do, and what changes for them. */
  notes: string[];
  /** Set when nothing was written because the host would not run the hooks. */
  refused?: string;
}

export function initHost(host: Host, options: InstallOptions): InstallReport {
  const file = hooksFile(host, options.scope, options.cwd, options.env);
  const disabled = hooksDisabled(host, options.cwd, options.env);
  if (disabled) return { file, changed: false, diff: '', notes: [], refused: disabled };
  const before = readText(file);
  const after = installHooks(before, host, options.invocation, options.rewrite);
  const report: InstallReport = { file, changed: after !== before, diff: patch(file, before, after), notes: notesFor(host, options) };
  if (!report.changed || options.dryRun) return report;
  const backup = `${file}.reduce-backup`;
  if (before !== null && !fs.existsSync(backup)) fs.writeFileSync(backup, before);
  writeAtomic(file, after);
  return report;
}

export function uninstallHost(host: Host, options: Omit<InstallOptions, 'rewrite'>): InstallReport {
  const file = hooksFile(host, options.scope, options.cwd, options.env);
  const before = readText(file);
  const backup = `${file}.reduce-backup`;
  const saved = readText(backup);
  let after: string | null;
  // Still exactly what init made of the backup (with or without the rewrite hook): give the original back.
  if (saved !== null && before !== null && [false, true].some((rewrite) => safeInstall(saved, host, options.invocation, rewrite) === before)) after = saved;
  else if (saved === null && before !== null && [false, true].some((rewrite) => safeInstall(null, host, options.invocation, rewrite) === before)) after = null;
  else after = uninstallHooks(before, host);
  const report: InstallReport = { file, changed: after !== before, diff: patch(file, before, after), notes: [] };
  if (!report.changed || options.dryRun) return report;
  if (after === null) fs.rmSync(file, { force: true });
  else writeAtomic(file, after);
  fs.rmSync(backup, { force: true });
  return report;
}

function safeInstall(text: string | null, host: Host, invocation: string, rewrite: boolean): string | null {
  try {
    return installHooks(text, host, invocation, rewrite);
  } catch (err) {
    if (err instanceof SettingsError) return null;
    throw err;
  }
}

function notesFor(host: Host, options: InstallOptions): string[] {
  if (host === 'codex') {
    return [
      'Codex runs a new or changed hook only after you review it: open codex and run /hooks to trust the reduce hooks (until then they are skipped silently; reduce doctor codex tells).',
      'Rewritten commands reach Codex as `… reduce.js -- <command>`: your sandbox and approval policy judge that command, and a prefix_rule written for the original (say `npm test`) no longer matches it.',
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

function writeAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.reduce-${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

export { SettingsError };
