import type { HotCommand } from './commands/fast-args.js';
import { ExitCode, reportError } from './errors.js';

export { setImporter } from './import-module.js';
export { runReducerWorker } from './capture/run-worker.js';

/**
 * The commands an agent runs all day, once the start-up parser has read them. The build also
 * bundles this module alone as CommonJS (dist/bundle/hot.cjs) that cli.ts runs with V8's code
 * cache, so a start compiles next to nothing (see code-cache.ts). Errors end here, as exit codes:
 * this copy's error classes are its own.
 */
export async function runHot(hot: HotCommand): Promise<number> {
  try {
    if (hot.kind === 'run') return await (await import('./commands/run.js')).runReduce(hot.command, hot.flags);
    if (hot.kind === 'inspect') await (await import('./commands/inspect.js')).inspectAction(hot.query, hot.flags);
    else await (await import('./commands/host-hook.js')).hostHook(hot.host, hot.event);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (err) {
    return reportError(err);
  }
}
