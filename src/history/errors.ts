/**
 * Typed errors for the history library. Each carries the exit code the CLI maps it to;
 * only `src/cli.ts` exits.
 */

/** Exit code for usage errors, bad input and unknown formats. */
export const EXIT_USAGE = 2;
/** Exit code when `reduce` itself fails (store write failed, internal error). */
export const EXIT_FAILURE = 1;

/** What went wrong, as a stable machine-readable code. */
export type HistoryErrorCode =
  | 'bad-option'
  | 'bad-input'
  | 'unknown-format'
  | 'store-failed'
  | 'invalid-history';

/** An error the history library raises on purpose; `exitCode` says how the CLI should exit. */
export class HistoryError extends Error {
  readonly code: HistoryErrorCode;
  readonly exitCode: number;

  constructor(code: HistoryErrorCode, message: string, exitCode = EXIT_USAGE) {
    super(message);
    this.name = 'HistoryError';
    this.code = code;
    this.exitCode = exitCode;
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
