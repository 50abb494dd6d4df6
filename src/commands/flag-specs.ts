import { BUDGET_NAMES } from '../config.js';
import { INTENTS } from '../core/intent.js';

/**
 * The options of the commands on the hot paths (a run, `inspect`), as data: commander builds its
 * options and help from them (spec-command.ts), and the start-up parser (fast-args.ts) reads the
 * common argv of these commands from them without loading commander. One table, so the two agree.
 */
export interface OptionSpec {
  /** Commander's flags: `-f, --family <name>`, `--json`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  defaultValue?: string;
  required?: boolean;
}

export interface CommandSpec {
  name: string;
  description: string;
  /** The one positional argument, when the command takes one: [name, description]. */
  argument?: [string, string];
  options: readonly OptionSpec[];
  helpAfter?: string;
}

/** The options that shape and place the packet, shared by a run and `reduce ingest`. */
export const PACKET_OPTIONS: readonly OptionSpec[] = [
  { flags: '-b, --budget <name>', description: 'packet size: auto (answer 8 KiB; verdict 512 B success, 8 KiB failure), concise, normal, verbose, full', choices: BUDGET_NAMES },
  { flags: '--intent <intent>', description: 'answer: the output is what you want to read (shown whole up to 8 KiB); verdict: whether it worked', choices: INTENTS },
  { flags: '--max-bytes <n>', description: 'packet size limit in bytes (8k, 16KiB; capped at the 64 KiB ceiling)' },
  { flags: '--json', description: 'print the packet as one JSON object' },
  { flags: '--trust-lane <lane>', description: 'trust lane of this output', choices: ['internal', 'external-runtime', 'external-untrusted'] },
  { flags: '--config <file>', description: 'use this config file instead of searching for one' },
  { flags: '--outputs <dir>', description: 'artifact directory (default ./outputs, or REDUCE_OUTPUTS, or the config key)' },
];

/** The options of the default command: wrap a command or read a pipe. */
export const RUN_OPTIONS: readonly OptionSpec[] = [
  { flags: '-f, --family <name>', description: 'skip detection and use this family (or reducer name)' },
  { flags: '--command <text>', description: 'pipe mode: the command that produced the input, recorded and used for detection' },
  { flags: '--exit-code <n>', description: "pipe mode: the producer's exit status, when known (selects the failure budget)" },
  ...PACKET_OPTIONS,
  { flags: '-t, --timeout <duration>', description: 'stop the command after this long (30s, 5m): SIGTERM, then SIGKILL; exit 124' },
];

export const INSPECT: CommandSpec = {
  name: 'inspect',
  description: 'show a stored artifact: its metadata and packet, or lines, matches, raw bytes, a JSON value',
  argument: ['<id>', "an artifact id, a unique prefix of one, or 'last'"],
  options: [
    { flags: '--lines <A:B>', description: 'lines A to B, numbered (A:B, A:, :B or A)' },
    { flags: '--grep <pattern>', description: 'lines matching a regular expression, numbered' },
    { flags: '-C, --context <n>', description: 'with --grep: lines of context around each match', defaultValue: '0' },
    { flags: '--stderr', description: 'read stderr instead of stdout' },
    { flags: '--raw', description: 'the exact stored bytes' },
    { flags: '--pointer <pointer>', description: 'the value at a JSON pointer (RFC 6901) of the JSON output' },
    { flags: '--json', description: 'metadata and packet as one JSON object' },
    { flags: '--unredacted', description: 'show secrets as stored instead of [REDACTED:kind …last4] (with --raw: the exact bytes)' },
    { flags: '--outputs <dir>', description: 'artifact directory' },
    { flags: '--config <file>', description: 'config file to use' },
  ],
  helpAfter: `
Examples:
  reduce inspect last                      metadata and packet of the newest artifact
  reduce inspect 20261121-2105 --lines 88:121
  reduce inspect last --grep 'OOMKilled|Error' -C 2
  reduce inspect last --stderr --raw > err.log
  reduce inspect last --pointer /items/3/status
  reduce inspect last --json | jq .packet.summary`,
};
