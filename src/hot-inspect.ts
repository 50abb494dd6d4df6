import type { HotCommand } from './commands/fast-args.js';
import { ExitCode, reportError } from './errors.js';

export { setImporter } from './import-module.js';

/**
 * `reduce inspect`, alone: the build bundles it as dist/bundle/inspect.cjs with its own code cache,
 * about 70 KB where hot.cjs (every reducer, execa) is 930 KB, which a start reads and sets up whole.
 * Same contract as hot.ts's runHot, for the inspect command only.
 */
export async function runHot(hot: HotCommand): Promise<number> {
  try {
    if (hot.kind !== 'inspect') throw new Error(`the inspect bundle runs inspect only (got ${hot.kind})`);
    await (await import('./commands/inspect.js')).inspectAction(hot.query, hot.flags);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (err) {
    return reportError(err);
  }
}
