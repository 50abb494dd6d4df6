import { Readable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { ingestOutput, runCommand, type RunOutcome } from '../../capture/run-command.js';
import { inspectView } from '../../commands/inspect.js';
import { BUDGET_NAMES, loadConfig, type BudgetName } from '../../config.js';
import { parseDuration } from '../../core/duration.js';
import { errorMessage } from '../../errors.js';
import { searchArtifacts } from '../../store/search.js';
import { resolveOutputsDir } from '../../store/outputs-dir.js';

/**
 * `reduce mcp`: the four things an agent does with reduce, as MCP tools over stdio. Each answer is
 * the packet (or view) as text, and reduce_run / reduce_search also as structuredContent that
 * matches their declared outputSchema. Logs go to stderr: stdout is the protocol.
 */

/** Longest a reduce_run command may take; MCP clients give up on a silent call long before an hour. */
const MAX_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_TIMEOUT_MS = 120_000;

const RunOutput = {
  id: z.string().nullable().describe('artifact id for reduce_inspect; null when the store could not be written'),
  exitCode: z.number().int().describe("the shell's view: the code, 128+N for signal N, 124 after the timeout, 127 not found"),
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  family: z.string().nullable(),
  bytesIn: z.number().int(),
  bytesOut: z.number().int(),
  packet: z.string().describe('the same text `reduce -- cmd` prints'),
};

const SearchOutput = {
  matches: z.array(z.object({ id: z.string(), command: z.string(), stream: z.enum(['stdout', 'stderr']), line: z.number().int(), text: z.string() })),
  searched: z.number().int().describe('artifacts read, newest first'),
  truncated: z.boolean().describe('a cap stopped the search; narrow the pattern'),
};

export interface ServerOptions {
  /** The working directory commands run in and artifacts are stored under (default: the process's). */
  cwd?: string;
  version?: string;
}

type TextResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

export function buildServer(options: ServerOptions = {}): McpServer {
  const baseCwd = options.cwd ?? process.cwd();
  const server = new McpServer({ name: 'reduce', version: options.version ?? '0.0.0' });
  const storeFor = async (cwd: string): Promise<{ outputsDir: string; config: Awaited<ReturnType<typeof loadConfig>> }> => {
    const config = await loadConfig(cwd);
    return { config, outputsDir: resolveOutputsDir(config.outputs, cwd) };
  };

  server.registerTool(
    'reduce_run',
    {
      title: 'Run a command through reduce',
      description:
        'Run a shell command (bash -c) and get a small cited packet of its output instead of the whole output: summary, fields, excerpts with line numbers, omission counts, exit code. The complete output is stored; use reduce_inspect with the id for any lines you need.',
      inputSchema: {
        command: z.string().min(1).describe('shell command, run with bash -c'),
        cwd: z.string().optional().describe('working directory (default: the server\'s)'),
        timeout: z.string().optional().describe('stop after this long, e.g. 30s or 5m (default 2m, at most 10m)'),
        budget: z.enum(BUDGET_NAMES as unknown as [BudgetName, ...BudgetName[]]).optional().describe('packet size'),
        family: z.string().optional().describe('skip detection and use this family, e.g. kubectl, pytest'),
      },
      outputSchema: RunOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async ({ command, cwd, timeout, budget, family }) => {
      const dir = cwd ?? baseCwd;
      const timeoutMs = timeout === undefined ? DEFAULT_TIMEOUT_MS : parseDuration(timeout);
      if (timeoutMs === null) return failure(`timeout takes a duration like 30s or 5m (got '${timeout}')`);
      try {
        const store = await storeFor(dir);
        const outcome = await runCommand({ argv: ['bash', '-c', command], command, cwd: dir, stdin: 'ignore', timeoutMs: Math.min(timeoutMs, MAX_TIMEOUT_MS), ...store, ...(budget ? { budget } : {}), ...(family ? { family } : {}) });
        return outcomeResult(outcome);
      } catch (err) {
        return failure(errorMessage(err));
      }
    },
  );

  server.registerTool(
    'reduce_inspect',
    {
      title: 'Read a stored output',
      description: "The way back to a full output reduce stored: its packet and metadata, a line range, lines matching a regex (with context), or a JSON value by pointer. id is an artifact id, a unique prefix, or 'last'.",
      inputSchema: {
        id: z.string().min(1).describe("artifact id, unique prefix, or 'last'"),
        lines: z.string().regex(/^\d*:?\d*$/).optional().describe('a line range A:B, A:, :B or A'),
        grep: z.string().optional().describe('a regular expression; matching lines, numbered'),
        context: z.number().int().min(0).max(20).optional().describe('with grep: lines of context'),
        stream: z.enum(['stdout', 'stderr']).optional(),
        pointer: z.string().optional().describe('RFC 6901 JSON pointer into a JSON output, e.g. /items/3/status'),
        cwd: z.string().optional().describe('project whose artifacts to read (default: the server\'s)'),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ id, lines, grep, context, stream, pointer, cwd }) => {
      try {
        const { outputsDir } = await storeFor(cwd ?? baseCwd);
        const text = inspectView(outputsDir, id, { ...(lines !== undefined ? { lines } : {}), ...(grep !== undefined ? { grep } : {}), ...(pointer !== undefined ? { pointer } : {}), context: context ?? 0, stream: stream ?? 'stdout' });
        return { content: [{ type: 'text' as const, text }] };
      } catch (err) {
        return failure(errorMessage(err));
      }
    },
  );

  server.registerTool(
    'reduce_search',
    {
      title: 'Search every stored output',
      description: "A regular expression across this project's stored outputs, newest first; each match cited by artifact id, stream and line, so reduce_inspect can fetch its context. Finds the run where an error first appeared without re-running anything.",
      inputSchema: {
        pattern: z.string().min(1).describe('a JavaScript regular expression'),
        ignoreCase: z.boolean().optional(),
        limit: z.number().int().min(1).max(500).optional().describe('matches at most (default 50)'),
        cwd: z.string().optional().describe('project whose artifacts to search (default: the server\'s)'),
      },
      outputSchema: SearchOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ pattern, ignoreCase, limit, cwd }) => {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, ignoreCase ? 'i' : '');
      } catch {
        return failure(`'${pattern}' is not a valid regular expression`);
      }
      try {
        const { outputsDir } = await storeFor(cwd ?? baseCwd);
        const result = searchArtifacts(outputsDir, regex, limit !== undefined ? { limit } : {});
        const lines = result.matches.map((m) => `${m.id} ${m.stream}:${m.line}│ ${m.text}`);
        const tail = result.matches.length === 0 ? `no match for /${pattern}/ in ${result.searched} artifacts` : `${result.matches.length} matches in ${result.searched} artifacts${result.truncated ? ' (stopped at a cap; narrow the pattern)' : ''} · reduce_inspect {id, lines: "N-5:N+5"} for context`;
        return { content: [{ type: 'text' as const, text: [...lines, tail].join('\n') + '\n' }], structuredContent: result as unknown as Record<string, unknown> };
      } catch (err) {
        return failure(errorMessage(err));
      }
    },
  );

  server.registerTool(
    'reduce_text',
    {
      title: 'Reduce text you already have',
      description: 'Store a given text as an artifact and reduce it like command output (a log, a CI page, a JSON document); a family hint skips detection and the command helps detection.',
      inputSchema: {
        text: z.string().describe('the output to reduce'),
        family: z.string().optional().describe('e.g. kubectl, pytest, terraform, json, text'),
        command: z.string().optional().describe('the command that produced it, if any'),
        exitCode: z.number().int().min(0).max(255).optional().describe("the producer's exit code, when known"),
        budget: z.enum(BUDGET_NAMES as unknown as [BudgetName, ...BudgetName[]]).optional(),
      },
      outputSchema: RunOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ text, family, command, exitCode, budget }) => {
      try {
        const store = await storeFor(baseCwd);
        const outcome = await ingestOutput({ stdout: Readable.from([Buffer.from(text)]), exitCode: exitCode ?? 0, cwd: baseCwd, ...store, ...(command ? { command } : {}), ...(family ? { family } : {}), ...(budget ? { budget } : {}) });
        return outcomeResult(outcome);
      } catch (err) {
        return failure(errorMessage(err));
      }
    },
  );
  return server;
}

function outcomeResult(outcome: RunOutcome): TextResult & { structuredContent: Record<string, unknown> } {
  const packet = [outcome.warning, outcome.output.toString('utf8')].filter(Boolean).join('\n');
  const stats = outcome.packet?.stats;
  const structured = {
    id: outcome.id,
    exitCode: outcome.exitCode,
    signal: outcome.exit.signal,
    timedOut: outcome.exit.timedOut,
    family: outcome.packet?.family ?? null,
    bytesIn: stats ? stats.stdout.bytes + stats.stderr.bytes : outcome.output.length,
    bytesOut: Buffer.byteLength(packet),
    packet,
  };
  return { content: [{ type: 'text', text: packet }], structuredContent: structured, isError: outcome.exitCode !== 0 };
}

function failure(message: string): TextResult {
  return { content: [{ type: 'text', text: `reduce: ${message}` }], isError: true };
}

/** `reduce mcp`: serve on stdin/stdout until the client closes the stream. */
export async function serveStdio(options: ServerOptions = {}): Promise<void> {
  const server = buildServer(options);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
}
