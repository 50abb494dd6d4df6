#!/usr/bin/env node
// npm run e2e:hosts [-- --record] [-- --hosts-dir DIR]
//
// End to end against the real hosts, without a model: installs Claude Code and Codex from the npm
// registry into a temporary folder, points each at a local mock of its model API on 127.0.0.1 that
// asks for one Bash call, and asserts what the mock receives back (what the model would see): the
// packet, with the exit code, for a success and for a failure. The hooks are installed with
// `reduce init`, as a user would. Not part of `npm test` (the hosts are ~600 MB).
// --record copies the hook payloads the hosts sent into fixtures/hooks/<host>/recorded/.
// --hosts-dir DIR reuses hosts already installed there (node_modules/.bin/claude, codex).
// --only WORD runs only the scenarios whose label contains WORD.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reduceBin = path.join(root, 'bin/reduce.js');
const CLAUDE_VERSION = process.env.E2E_CLAUDE_VERSION ?? '2.1.197';
const CODEX_VERSION = process.env.E2E_CODEX_VERSION ?? '0.169.0';
const args = process.argv.slice(2);
const record = args.includes('--record');
const hostsDirArg = args.includes('--hosts-dir') ? args[args.indexOf('--hosts-dir') + 1] : null;
// --only WORD runs only the scenarios whose label contains WORD (say `mcp` or `PostToolUseFailure`).
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const wanted = (label) => only === null || label.includes(only);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-e2e-'));
const results = [];
const log = (line) => process.stdout.write(line + '\n');

// A success and a failure, both long enough that a packet is smaller than the output.
const SUCCESS = 'seq 1 3000';
const FAILURE = `node -e 'for (let i = 1; i <= 3000; i++) console.log("row " + i); console.error("Error: disk quota exceeded"); process.exitCode = 3'`;
// A failure whose error line sits in the middle of ~40 KB: Claude Code's own 5,000+5,000-character cut drops it.
const MIDDLE_FAILURE = `node -e 'for (let i = 1; i <= 3000; i++) { if (i === 1500) console.log("Error: lock timeout on table orders"); console.log("row " + i + " ok"); } process.exitCode = 4'`;

function installHosts() {
  if (hostsDirArg) return path.resolve(hostsDirArg);
  const dir = path.join(work, 'hosts');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"e2e-hosts","private":true}\n');
  log(`installing @anthropic-ai/claude-code@${CLAUDE_VERSION} and @openai/codex@${CODEX_VERSION} into ${dir} ...`);
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `@anthropic-ai/claude-code@${CLAUDE_VERSION}`, `@openai/codex@${CODEX_VERSION}`], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (npm.status !== 0) throw new Error(`npm install of the hosts failed (exit ${npm.status})`);
  return dir;
}

/** A mock model API: asks for one Bash call, then records what came back for it. */
function startMock(kind, command) {
  const seen = { requests: 0, toolResult: null };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      seen.requests++;
      let json = {};
      try {
        json = JSON.parse(body);
      } catch {}
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (kind === 'anthropic') anthropic(json, send, seen, command);
      else openai(json, send, seen, command);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port, seen })));
}

function anthropic(request, send, seen, command) {
  const messages = request.messages ?? [];
  const last = messages.at(-1);
  const blocks = Array.isArray(last?.content) ? last.content : [];
  const result = blocks.find((b) => b.type === 'tool_result');
  const hasBash = (request.tools ?? []).some((t) => t.name === 'Bash');
  const usage = { input_tokens: 10, output_tokens: 1 };
  send('message_start', { type: 'message_start', message: { id: `msg_${seen.requests}`, type: 'message', role: 'assistant', model: request.model ?? 'mock', content: [], stop_reason: null, stop_sequence: null, usage } });
  if (hasBash && !result && seen.toolResult === null) {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_mock_0', name: 'Bash', input: {} } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify({ command, description: 'mock run' }) } });
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } });
  } else {
    if (result) seen.toolResult = { text: Array.isArray(result.content) ? result.content.map((c) => c.text ?? '').join('') : String(result.content ?? ''), isError: Boolean(result.is_error), request: JSON.stringify(request) };
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'done' } });
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
  }
  send('message_stop', { type: 'message_stop' });
}

function openai(request, send, seen, command) {
  const input = Array.isArray(request.input) ? request.input : [];
  const outputs = input.filter((item) => item.type === 'function_call_output');
  // `mcp:<command>`: call reduce's MCP tool reduce_run instead of the shell. Codex offers MCP tools as a
  // namespace (`mcp__reduce` holding `reduce_run`), and only once the server has started: until then the
  // mock runs `true` to let a turn pass.
  const viaMcp = command.startsWith('mcp:');
  const tools = request.tools ?? [];
  const namespace = tools.find((t) => t.type === 'namespace' && (t.tools ?? []).some((f) => f.name === 'reduce_run'));
  seen.tools = tools.map((t) => (t.type === 'namespace' ? `${t.name}{${(t.tools ?? []).map((f) => f.name).join(',')}}` : t.name ?? t.type));
  const wanted = viaMcp ? 'call_mock_mcp' : 'call_mock_0';
  const output = outputs.find((item) => item.call_id === wanted);
  const id = `resp_${seen.requests}`;
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 11 };
  send('response.created', { type: 'response.created', response: { id, object: 'response', status: 'in_progress', output: [] } });
  let call = null;
  if (!output && seen.toolResult === null) {
    if (!viaMcp) call = { call_id: 'call_mock_0', name: 'exec_command', arguments: JSON.stringify({ cmd: command }) };
    else if (namespace) call = { call_id: 'call_mock_mcp', namespace: namespace.name, name: 'reduce_run', arguments: JSON.stringify({ command: command.slice(4) }) };
    else if (!outputs.some((item) => item.call_id === 'call_mock_wait')) call = { call_id: 'call_mock_wait', name: 'exec_command', arguments: JSON.stringify({ cmd: 'true' }) };
  }
  if (call) {
    const item = { type: 'function_call', id: `fc_${call.call_id}`, ...call, status: 'completed' };
    send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
  } else {
    if (output) seen.toolResult = { text: typeof output.output === 'string' ? output.output : JSON.stringify(output.output), isError: false };
    const item = { type: 'message', id: 'msg_mock_0', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done', annotations: [] }] };
    send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
  }
  send('response.completed', { type: 'response.completed', response: { id, object: 'response', status: 'completed', output: [], usage } });
}

function run(bin, argv, options) {
  return new Promise((resolve) => {
    const child = spawn(bin, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: String(err) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A second hook beside ours that keeps the exact payload the host sent. */
function recorderHook(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return { type: 'command', command: `cat > ${dir}/$(date +%s%N).json`, timeout: 10 };
}

function addRecorder(file, events, dir) {
  const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const event of events) (settings.hooks[event] ??= []).push({ matcher: 'Bash', hooks: [recorderHook(dir)] });
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

function check(name, ok, detail) {
  results.push({ name, ok });
  log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `\n${detail.replace(/^/gm, '     ')}` : ''}`);
}

const excerpt = (text) => (text.length > 900 ? `${text.slice(0, 600)}\n[… ${text.length - 900} chars …]\n${text.slice(-300)}` : text);

async function claudeScenario(hosts, name, command, rewrite, expectExit) {
  const home = path.join(work, `claude-${slug(name)}`);
  const project = path.join(home, 'project');
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), NO_COLOR: '1' };
  // The user's own rule: allows the original command (a rewrite is made only under such a rule).
  fs.writeFileSync(path.join(project, '.claude/settings.json'), JSON.stringify({ permissions: { allow: ['Bash(seq:*)', 'Bash(node:*)'] } }, null, 2) + '\n');
  const init = spawnSync(process.execPath, [reduceBin, 'init', 'claude', '--project', ...(rewrite ? ['--rewrite'] : [])], { cwd: project, env, encoding: 'utf8' });
  if (init.status !== 0) return check(`claude ${name}: reduce init`, false, init.stderr);
  const events = rewrite ? ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'] : ['PostToolUse', 'PostToolUseFailure'];
  const recordDir = path.join(home, 'payloads');
  addRecorder(path.join(project, '.claude/settings.local.json'), events, recordDir);
  const mock = await startMock('anthropic', command);
  const claude = path.join(hosts, 'node_modules/.bin/claude');
  const out = await run(claude, ['-p', 'go', '--model', 'claude-sonnet-4-5', '--output-format', 'json'], {
    cwd: project,
    env: { ...env, ANTHROPIC_BASE_URL: `http://127.0.0.1:${mock.port}`, ANTHROPIC_API_KEY: 'dummy', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' },
  });
  mock.server.close();
  const seen = mock.seen.toolResult;
  if (!seen) return check(`claude ${name}: the mock received a tool result`, false, `exit ${out.code}; stdout: ${out.stdout.slice(0, 800)}\nstderr: ${out.stderr.slice(0, 800)}`);
  const packet = /── .*·.*→ [\d,]+ B/.test(seen.text) && /reduce inspect \d{8}-/.test(seen.text);
  const exitShown = expectExit === 0 ? /exit 0/.test(seen.text) : seen.text.startsWith(`Exit code ${expectExit}`) && new RegExp(`exit ${expectExit}`).test(seen.text);
  check(`claude ${name}: the model got the packet with exit ${expectExit}`, packet && exitShown, `tool_result (is_error ${seen.isError}):\n${excerpt(seen.text)}`);
  keep('claude', recordDir);
}

/** Default init, a failure whose error line is in the middle: the model gets Claude Code's own cut plus, as additionalContext, the cited error window that cut dropped. */
async function claudeFailureContext(hosts) {
  const name = 'failure (post-run, default init: PostToolUseFailure)';
  const home = path.join(work, `claude-${slug(name)}`);
  const project = path.join(home, 'project');
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), NO_COLOR: '1' };
  fs.writeFileSync(path.join(project, '.claude/settings.json'), JSON.stringify({ permissions: { allow: ['Bash(node:*)'] } }, null, 2) + '\n');
  const init = spawnSync(process.execPath, [reduceBin, 'init', 'claude', '--project'], { cwd: project, env, encoding: 'utf8' });
  if (init.status !== 0) return check(`claude ${name}: reduce init`, false, init.stderr);
  const mock = await startMock('anthropic', MIDDLE_FAILURE);
  // Without a rewrite the permission rules do not matter to reduce: let the call run.
  const out = await run(path.join(hosts, 'node_modules/.bin/claude'), ['-p', 'go', '--model', 'claude-sonnet-4-5', '--output-format', 'json', '--allowedTools', 'Bash'], {
    cwd: project,
    env: { ...env, ANTHROPIC_BASE_URL: `http://127.0.0.1:${mock.port}`, ANTHROPIC_API_KEY: 'dummy', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' },
  });
  mock.server.close();
  const seen = mock.seen.toolResult;
  if (!seen) return check(`claude ${name}: the mock received a tool result`, false, `exit ${out.code}; stdout: ${out.stdout.slice(0, 800)}\nstderr: ${out.stderr.slice(0, 800)}`);
  const needle = 'Error: lock timeout on table orders';
  const cutByHost = seen.text.startsWith('Exit code 4') && !seen.text.includes(needle);
  const context = seen.request.split(needle).length - 1;
  check(`claude ${name}: the host's cut dropped the error line, our additionalContext brought it back once`, cutByHost && context === 1, `tool_result (${seen.text.length} chars) starts: ${JSON.stringify(seen.text.slice(0, 60))}; the error line appears ${context} time(s) in the request`);
}

/** Codex after default init: the model calls reduce's MCP tool reduce_run, registered in config.toml by init. */
async function codexMcp(hosts) {
  const name = 'MCP reduce_run (registered by init codex)';
  const home = path.join(work, `codex-${slug(name)}`);
  const codexHome = path.join(home, '.codex');
  const project = path.join(home, 'project');
  fs.mkdirSync(codexHome, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  const mock = await startMock('openai', `mcp:${SUCCESS}`);
  fs.writeFileSync(
    path.join(codexHome, 'config.toml'),
    `model = "mock-model"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.mock]\nname = "mock"\nbase_url = "http://127.0.0.1:${mock.port}/v1"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n\n# The mock model has no tool search: offer MCP tools directly instead of deferring them.\n[features]\ntool_search_always_defer_mcp_tools = false\n`,
  );
  const env = { ...process.env, HOME: home, CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy', NO_COLOR: '1' };
  const init = spawnSync(process.execPath, [reduceBin, 'init', 'codex', '--global'], { cwd: project, env, encoding: 'utf8' });
  if (init.status !== 0) return check(`codex ${name}: reduce init`, false, init.stderr);
  const out = await run(path.join(hosts, 'node_modules/.bin/codex'), ['exec', '--skip-git-repo-check', '--json', 'go'], { cwd: project, env });
  mock.server.close();
  const seen = mock.seen.toolResult;
  if (!seen) return check(`codex ${name}: the mock received the tool's output`, false, `tools offered: ${(mock.seen.tools ?? []).join(', ')}\nexit ${out.code}; stdout: ${out.stdout.slice(0, 800)}\nstderr: ${out.stderr.slice(-800)}`);
  const packet = /── .*·.*→ [\d,]+ B/.test(seen.text) && /reduce inspect \d{8}-/.test(seen.text);
  check(`codex ${name}: the model got the packet from the MCP tool`, packet, `tools offered: ${(mock.seen.tools ?? []).join(", ")}\nfunction_call_output:\n${excerpt(seen.text)}\ncodex stdout: ${out.stdout.slice(0, 1500)}\nstderr: ${out.stderr.slice(-1500)}`);
}

async function codexScenario(hosts, name, command, expectExit, rules = null) {
  const home = path.join(work, `codex-${slug(name)}`);
  const codexHome = path.join(home, '.codex');
  const project = path.join(home, 'project');
  fs.mkdirSync(codexHome, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  const mock = await startMock('openai', command);
  fs.writeFileSync(
    path.join(codexHome, 'config.toml'),
    `model = "mock-model"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.mock]\nname = "mock"\nbase_url = "http://127.0.0.1:${mock.port}/v1"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
  );
  if (rules) {
    fs.mkdirSync(path.join(codexHome, 'rules'), { recursive: true });
    fs.writeFileSync(path.join(codexHome, 'rules/default.rules'), rules);
  }
  const env = { ...process.env, HOME: home, CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy', NO_COLOR: '1' };
  const init = spawnSync(process.execPath, [reduceBin, 'init', 'codex', '--global'], { cwd: project, env, encoding: 'utf8' });
  if (init.status !== 0) return check(`codex ${name}: reduce init`, false, init.stderr);
  const recordDir = path.join(home, 'payloads');
  addRecorder(path.join(codexHome, 'hooks.json'), ['PreToolUse', 'PostToolUse'], recordDir);
  const codex = path.join(hosts, 'node_modules/.bin/codex');
  const out = await run(codex, ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', '--json', 'go'], { cwd: project, env });
  mock.server.close();
  const seen = mock.seen.toolResult;
  if (!seen) return check(`codex ${name}: the mock received a function_call_output`, false, `exit ${out.code}; stdout: ${out.stdout.slice(0, 800)}\nstderr: ${out.stderr.slice(-800)}`);
  if (rules) {
    // The user's forbidden prefix_rule must still stop the command: no rewrite may route it past the rule.
    const ran = /reduce inspect \d{8}-/.test(seen.text) || /^\s*2999$/m.test(seen.text);
    check(`codex ${name}: the command the user's rule forbids did not run`, !ran, `function_call_output:\n${excerpt(seen.text)}`);
    keep('codex', recordDir);
    return;
  }
  const packet = /── .*·.*→ [\d,]+ B/.test(seen.text) && /reduce inspect \d{8}-/.test(seen.text);
  const exitShown = seen.text.includes(`Process exited with code ${expectExit}`) && new RegExp(`exit ${expectExit}`).test(seen.text);
  check(`codex ${name}: the model got the packet with exit ${expectExit}`, packet && exitShown, `function_call_output:\n${excerpt(seen.text)}`);
  keep('codex', recordDir);
}

const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);

function keep(host, dir) {
  if (!record || !fs.existsSync(dir)) return;
  const target = path.join(root, 'fixtures/hooks', host, 'recorded');
  fs.mkdirSync(target, { recursive: true });
  for (const file of fs.readdirSync(dir).sort()) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    let payload;
    try {
      payload = JSON.parse(text);
    } catch {
      continue;
    }
    const name = `${payload.hook_event_name}-${payload.tool_response === undefined && payload.error === undefined ? 'in' : 'out'}-${String(payload.tool_input?.command ?? '').includes('disk quota') ? 'failure' : 'success'}.json`;
    fs.writeFileSync(path.join(target, name), JSON.stringify(payload, null, 2) + '\n');
  }
}

try {
  const hosts = installHosts();
  for (const [bin, flag] of [['claude', '--version'], ['codex', '--version']]) {
    const v = spawnSync(path.join(hosts, 'node_modules/.bin', bin), [flag], { encoding: 'utf8' });
    log(`${bin} ${flag}: ${(v.stdout || v.stderr || String(v.error)).trim()}`);
  }
  const scenarios = [
    ['claude success (post-run replacement, default init)', () => claudeScenario(hosts, 'success (post-run replacement, default init)', SUCCESS, false, 0)],
    ['claude failure (rewrite, init --rewrite, command allowed by the user)', () => claudeScenario(hosts, 'failure (rewrite, init --rewrite, command allowed by the user)', FAILURE, true, 3)],
    ['codex success (rewrite, default init)', () => codexScenario(hosts, 'success (rewrite, default init)', SUCCESS, 0)],
    ['codex failure (rewrite, default init)', () => codexScenario(hosts, 'failure (rewrite, default init)', FAILURE, 3)],
    ['codex forbidden by the user\'s prefix_rule', () => codexScenario(hosts, 'forbidden by the user\'s prefix_rule', SUCCESS, null, 'prefix_rule(pattern = ["seq"], decision = "forbidden", justification = "no seq here")\n')],
    ['claude failure (post-run, default init: PostToolUseFailure)', () => claudeFailureContext(hosts)],
    ['codex mcp reduce_run (registered by init codex)', () => codexMcp(hosts)],
  ];
  for (const [label, scenario] of scenarios) if (wanted(label)) await scenario();
} catch (err) {
  check('setup', false, String(err?.stack ?? err));
} finally {
  if (!process.env.E2E_KEEP) fs.rmSync(work, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
