import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installedEvents } from './edit.js';
import { installedMcpServer, type McpCommand } from './codex-mcp.js';
import { codexConfigFile, codexHome, hooksDisabled, hooksFile, isReduceHook, readJson, readText, type Host } from './hosts.js';

/**
 * `reduce doctor`: what is installed where, whether each installed hook answers a sample payload
 * the way its host expects, and whether Codex still needs the user's review of the hooks.
 */

export interface DoctorLine {
  ok: boolean;
  text: string;
}

const SAMPLE_OUTPUT = Array.from({ length: 3000 }, (_, i) => `sample line ${i + 1}`).join('\n') + '\n';

/** A payload per hook step, shaped as the host sends it, and what a healthy answer looks like. */
function sample(host: Host, step: string, cwd: string): { payload: object; expect: (out: string) => boolean; want: string } {
  const base = { session_id: 'reduce-doctor', cwd, tool_name: 'Bash', tool_use_id: 'doctor_0' };
  const json = (out: string): Record<string, unknown> | null => {
    try {
      return JSON.parse(out) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  if (step === 'pre') {
    return {
      payload: { ...base, hook_event_name: 'PreToolUse', permission_mode: 'bypassPermissions', tool_input: { command: 'ls -la' } },
      expect: (out) => /reduce(\.js)?'? .*-- ls -la/.test(String((json(out)?.hookSpecificOutput as { updatedInput?: { command?: string } } | undefined)?.updatedInput?.command ?? '')),
      want: 'a rewrite of `ls -la`',
    };
  }
  if (step === 'post-failure') {
    return { payload: { ...base, hook_event_name: 'PostToolUseFailure', tool_input: { command: 'false' }, error: 'Exit code 1\n' }, expect: (out) => out.trim() === '', want: 'nothing (a short failure is shown whole)' };
  }
  const response = host === 'claude' ? { stdout: SAMPLE_OUTPUT, stderr: '', interrupted: false, isImage: false } : SAMPLE_OUTPUT;
  return {
    payload: { ...base, hook_event_name: 'PostToolUse', tool_input: { command: 'seq 1 3000 | sed s/^/sample\\ line\\ /' }, tool_response: response },
    expect: (out) => (host === 'claude' ? Boolean((json(out)?.hookSpecificOutput as { updatedToolOutput?: unknown } | undefined)?.updatedToolOutput) : json(out)?.decision === 'block'),
    want: 'a packet replacing 3,000 lines',
  };
}

export function doctor(hosts: readonly Host[], cwd: string, env: NodeJS.ProcessEnv = process.env): DoctorLine[] {
  const lines: DoctorLine[] = [];
  // Samples store their artifacts here, not in the user's project.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-doctor-'));
  try {
    for (const host of hosts) {
      const name = host === 'claude' ? 'Claude Code' : 'Codex';
      const disabled = hooksDisabled(host, cwd, env);
      if (disabled) lines.push({ ok: false, text: `${name}: hooks are off: ${disabled}` });
      let found = 0;
      for (const scope of ['global', 'project'] as const) {
        const file = hooksFile(host, scope, cwd, env);
        const events = installedEvents(readText(file), host);
        if (events.length === 0) continue;
        found++;
        lines.push({ ok: true, text: `${name}: ${file}: ${events.join(', ')}` });
        for (const command of hookCommands(file, host)) lines.push(probe(host, command, scratch));
        if (host === 'codex') lines.push(codexTrust(file, cwd, env));
      }
      if (host === 'codex') {
        for (const scope of ['global', 'project'] as const) {
          const config = codexConfigFile(scope, cwd, env);
          let server: McpCommand | null = null;
          try {
            server = installedMcpServer(readText(config));
          } catch (err) {
            lines.push({ ok: false, text: `Codex: ${config}: ${(err as Error).message}` });
            continue;
          }
          if (!server) continue;
          found++;
          lines.push({ ok: true, text: `Codex: ${config}: [mcp_servers.reduce]` });
          lines.push(probeMcp(server, scratch));
        }
      }
      if (found === 0) lines.push({ ok: true, text: `${name}: not installed (reduce init ${host})` });
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return lines;
}

function hookCommands(file: string, host: Host): string[] {
  const hooks = readJson(file)?.hooks as Record<string, Array<{ hooks?: Array<{ command?: unknown }> }>> | undefined;
  const out: string[] = [];
  for (const groups of Object.values(hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) for (const hook of group?.hooks ?? []) if (isReduceHook(hook?.command, host)) out.push(hook.command as string);
  }
  return out;
}

function probe(host: Host, command: string, scratch: string): DoctorLine {
  const step = /hook\s+\w+\s+(\S+)\s*$/.exec(command)?.[1] ?? 'post';
  const { payload, expect, want } = sample(host, step, scratch);
  const started = Date.now();
  const run = spawnSync('/bin/sh', ['-c', command], { input: JSON.stringify(payload), encoding: 'utf8', timeout: 30_000, cwd: scratch, env: { ...process.env, REDUCE_OUTPUTS: path.join(scratch, 'outputs') } });
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (run.error || run.status !== 0) return { ok: false, text: `  ${step}: FAILED (${whyFailed(run)}) · ${command}` };
  return expect(run.stdout) ? { ok: true, text: `  ${step}: answers (${want}, ${took})` } : { ok: false, text: `  ${step}: unexpected answer, wanted ${want}: ${run.stdout.slice(0, 200) || '(nothing)'}` };
}

/** A failed child in one phrase: the spawn error or the exit status, and the first line of its stderr. */
function whyFailed(run: SpawnSyncReturns<string>): string {
  return `${run.error?.message ?? `exit ${run.status}`}${run.stderr ? `: ${run.stderr.trim().split('\n')[0]}` : ''}`;
}

/** Starts the registered MCP server as Codex would and asks it for its tools over stdio (initialize, then tools/list). */
function probeMcp(server: McpCommand, scratch: string): DoctorLine {
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'reduce-doctor', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ];
  const run = spawnSync(server.command, server.args, { input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n', encoding: 'utf8', timeout: 30_000, cwd: scratch, env: { ...process.env, REDUCE_OUTPUTS: path.join(scratch, 'outputs') } });
  const listed = run.stdout
    ?.split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as { id?: number; result?: { tools?: Array<{ name: string }> } };
      } catch {
        return null;
      }
    })
    .find((message) => message?.id === 2)?.result?.tools?.map((t) => t.name);
  if (!listed) return { ok: false, text: `  mcp: FAILED, no tools/list answer (${whyFailed(run)}) · ${[server.command, ...server.args].join(' ')}` };
  return { ok: true, text: `  mcp: answers (${listed.join(', ')})` };
}

/** Codex records a reviewed hook as `[hooks.state."<file>:<event>:…"] trusted_hash = …` in config.toml. */
function codexTrust(file: string, cwd: string, env: NodeJS.ProcessEnv): DoctorLine {
  const configs = [path.join(codexHome(env), 'config.toml'), path.join(cwd, '.codex/config.toml')];
  const text = configs.map((c) => readText(c) ?? '').join('\n');
  const sections = [...text.matchAll(/^\[hooks\.state\."([^"]+)"\]\s*\n(?:[^[]*?)trusted_hash\s*=/gm)].map((m) => m[1]!);
  const trusted = sections.filter((s) => s.startsWith(file + ':') || s.startsWith(fs.existsSync(file) ? fs.realpathSync(file) + ':' : '\0'));
  if (trusted.length === 0) return { ok: false, text: '  trust: not reviewed yet: Codex skips these hooks silently until you open codex and run /hooks (codex exec --dangerously-bypass-hook-trust runs them in CI)' };
  return { ok: true, text: `  trust: reviewed (${trusted.length} entries); a prefix_rule written for an original command does not match its rewrite \`… reduce.js -- <command>\`` };
}
