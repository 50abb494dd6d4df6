import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PATH shims for sandboxes and hosts without hooks: a small sh script per tool, first on PATH,
 * that finds the real tool further down PATH and runs it through reduce only when REDUCE_AGENT=1
 * and its stdout is not a pipe (a pipe means another command consumes the output). Not "is a
 * file": in Claude Code every command's stdout is a regular file. Everything else, exit code
 * included, passes through unchanged (`exec`).
 */

export const DEFAULT_TOOLS = ['kubectl', 'helm', 'gh', 'git', 'docker', 'terraform', 'npm', 'pnpm', 'yarn', 'pytest', 'cargo', 'go', 'make', 'tsc', 'eslint', 'jest', 'vitest', 'pip', 'mvn', 'gradle'];

export function defaultShimDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_DATA_HOME ?? path.join(env.HOME ?? os.homedir(), '.local/share'), 'reduce/shims');
}

const MARK = '# reduce shim';

/** `always` (config `shims.always`): every caller whose stdout is not a pipe, not only an agent (REDUCE_AGENT=1). */
export function shimScript(tool: string, invocation: string, always = false): string {
  const who = always ? '' : '[ "\${REDUCE_AGENT:-}" = 1 ] && ';
  return `#!/bin/sh
${MARK} for ${tool} (reduce shims install); delete this file to remove it.
# The real ${tool}: the first one on PATH that is not this file.
real=
ifs=$IFS; IFS=:
for dir in $PATH; do
  candidate="\${dir:-.}/${tool}"
  if [ -f "$candidate" ] && [ -x "$candidate" ] && ! [ "$candidate" -ef "$0" ]; then real=$candidate; break; fi
done
IFS=$ifs
if [ -z "$real" ]; then echo "reduce shim: no ${tool} on PATH besides this shim ($0)" >&2; exit 127; fi
# Through reduce ${always ? 'for every caller (shims.always in the config)' : 'only for an agent'}, not inside reduce already, and not feeding a pipe.
if ${who}[ -z "\${REDUCE_SHIMMED:-}" ] && ! [ -p /dev/stdout ]; then
  REDUCE_SHIMMED=1 exec ${invocation} -- "$real" "$@"
fi
exec "$real" "$@"
`;
}

export interface ShimReport {
  written: string[];
  /** Files of the same name that are not our shims: never overwritten. */
  skipped: string[];
}

export function installShims(dir: string, tools: readonly string[], invocation: string, always = false): ShimReport {
  fs.mkdirSync(dir, { recursive: true });
  const report: ShimReport = { written: [], skipped: [] };
  for (const tool of tools) {
    if (!/^[\w.+-]+$/.test(tool)) throw new Error(`not a tool name: '${tool}'`);
    const file = path.join(dir, tool);
    const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (existing !== null && !existing.includes(MARK)) {
      report.skipped.push(file);
      continue;
    }
    fs.writeFileSync(file, shimScript(tool, invocation, always), { mode: 0o755 });
    fs.chmodSync(file, 0o755);
    report.written.push(file);
  }
  return report;
}

/** The line that puts the shims first on PATH, for each shell. */
export function shellInit(shell: 'bash' | 'zsh' | 'fish', dir: string): string {
  const quoted = `'${dir.replace(/'/g, `'\\''`)}'`;
  const why = '# reduce shims: kubectl, gh, … go through reduce when REDUCE_AGENT=1 (set it in the agent\'s environment)';
  if (shell === 'fish') return `${why}\nif not contains -- ${quoted} $PATH\n  set -gx PATH ${quoted} $PATH\nend\n`;
  return `${why}\ncase ":$PATH:" in *:${quoted}:*) ;; *) export PATH=${quoted}:"$PATH" ;; esac\n`;
}
