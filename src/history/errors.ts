/**
 * Typed errors for the history library: a `ReduceError` (so `src/cli.ts` prints it and exits
 * with its code) that also carries a stable `code` for library callers.
 */
import { ExitCode, ReduceError } from '../errors.js';

/** Exit code for usage errors, bad input and unknown formats. */
export const EXIT_USAGE: number = ExitCode.usage;
/** Exit code when `reduce` itself fails (store write failed, internal error). */
export const EXIT_FAILURE: number = ExitCode.internal;

/** What went wrong, as a stable machine-readable code. */
export type HistoryErrorCode =
  | 'bad-option'
  | 'bad-input'
  | 'unknown-format'
  | 'store-failed'
  | 'invalid-history';

/** An error the history library raises on purpose; `exitCode` says how the CLI should exit. */
export class HistoryError extends ReduceError {
  readonly code: HistoryErrorCode;

  constructor(code: HistoryErrorCode, message: string, exitCode = EXIT_USAGE) {
    super(message, exitCode);
    this.name = 'HistoryError';
    this.code = code;
  }
}

/** A bad option or parameter (exit 2). */
export function badOption(message: string): HistoryError {
  return new HistoryError('bad-option', message);
}

/** Input that is not what it claims to be (exit 2). */
export function badInput(message: string): HistoryError {
  return new HistoryError('bad-input', message);
}
