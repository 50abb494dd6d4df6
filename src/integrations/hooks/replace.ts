import fs from 'node:fs';
import { Readable } from 'node:stream';
import { ingestOutput, type RunOutcome } from '../../capture/run-command.js';
import { loadConfig } from '../../config.js';
import { resolveOutputsDir } from '../../store/outputs-dir.js';
import { classifyCommand } from '../shell/classify.js';

/** Outputs below this are shown as they are: nothing to save, and no artifact to clutter the store. */
export const MIN_REPLACE_BYTES = 1024;

/** Stores an output the host captured under the project's store (its config, its outputs dir). */
export async function storeCaptured(output: Omit<CapturedOutput, 'shownBytes'>): Promise<RunOutcome> {
  const config = await loadConfig(output.cwd);
  return ingestOutput({
    stdout: typeof output.stdout === 'string' ? Readable.from([Buffer.from(output.stdout)]) : fs.createReadStream(output.stdout.file),
    ...(output.stderr ? { stderr: Readable.from([Buffer.from(output.stderr)]) } : {}),
    exitCode: output.exitCode,
    command: output.command,
    cwd: output.cwd,
    config,
    outputsDir: resolveOutputsDir(config.outputs, output.cwd),
  });
}

export interface CapturedOutput {
  command: string;
  /** Where to store (the host's cwd for the call, not the hook's own). */
  cwd: string;
  /** The output as text, or a file holding all of it. */
  stdout: string | { file: string };
  stderr?: string;
  exitCode: number | null;
  /** Size of the output as the model would see it, to compare the packet against. */
  shownBytes: number;
}

/**
 * Stores an output a host already captured and returns the packet when it is worth showing
 * instead: smaller than what the model would see, and not the output itself (a verbatim packet).
 */
export async function packetFor(output: CapturedOutput): Promise<{ outcome: RunOutcome; text: string } | null> {
  if (output.shownBytes < MIN_REPLACE_BYTES) return null;
  // Already a packet: the command ran under reduce (a rewrite, or typed by the agent).
  const decision = await classifyCommand(output.command);
  if (decision.action === 'pass' && decision.reason === 'already wrapped by a filter') return null;
  const outcome = await storeCaptured(output);
  if (!outcome.id || !outcome.packet || outcome.packet.verbatim) return null;
  const text = outcome.output.toString('utf8');
  return Buffer.byteLength(text) < output.shownBytes ? { outcome, text } : null;
}
