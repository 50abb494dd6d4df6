import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quoteArg } from '../capture/run-command.js';

/**
 * How a host should start this very `reduce`: node's absolute path and the script's, resolved
 * now. A rewrite or hook that names `reduce` by PATH breaks in a trimmed PATH (exit 127).
 */
export function selfInvocation(): string {
  return [process.execPath, selfScript()].map(quoteArg).join(' ');
}

/** The same as selfInvocation, unquoted, for hosts that take a command and an argument list (Codex's MCP servers). */
export function selfCommand(...args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [selfScript(), ...args] };
}

/** bin/reduce.js of this installation (the process's own script when run from the CLI). */
export function selfScript(): string {
  const script = process.argv[1];
  if (script && /reduce(\.js)?$/.test(script)) return fs.realpathSync(script);
  // Library use (tests, an embedding tool): bin/reduce.js beside dist/ or src/.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/reduce.js');
}
