/**
 * Typed errors that carry the exit code `cli.ts` exits with. Only the entry point exits;
 * everything else throws one of these.
 */

/** Documented exit codes of `reduce` itself (wrap mode passes the tool's code instead). */
export const ExitCode = {
  ok: 0,
  /** Pipe mode: `reduce` itself failed (after passing the raw input through). */
  internal: 1,
  /** Bad flags, bad config, unknown id. */
  usage: 2,
  /** `--timeout` expired and the child was stopped (as GNU timeout does). */
  timeout: 124,
  /** The wrapped command could not be found or started. */
  notFound: 127,
} as const;

export class ReduceError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'ReduceError';
  }
}

/** Bad flags, a bad value or an unknown id: exit 2. */
export class UsageError extends ReduceError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'UsageError';
  }
}

/**
 * The outputs directory is not one `reduce` may write to (it holds other files, belongs to another
 * user, is writable by others): exit 2, but the command still runs and its output passes through.
 */
export class StoreRefusedError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreRefusedError';
  }
}

/** A config file that does not parse or validate: exit 2, naming the file and key. */
export class ConfigError extends ReduceError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'ConfigError';
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** The exit code for an error that reached the entry point, after its one line on stderr. */
export function reportError(err: unknown): number {
  if (err instanceof ReduceError) {
    process.stderr.write(`reduce: ${err.message}\n`);
    return err.exitCode;
  }
  process.stderr.write(`reduce: internal error: ${errorMessage(err)}\n`);
  return ExitCode.internal;
}
