import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIRST_YOUNG_GENERATION_CAP, YOUNG_GENERATION_CAP, capYoungGeneration } from './capture/young-generation.js';
import { offloadSetting } from './capture/offload-setting.js';
import { requireWithCodeCache } from './code-cache.js';
import { hotCommand, type HotCommand } from './commands/fast-args.js';
import { reportError } from './errors.js';
import { stdoutMade, watchStdout } from './commands/output.js';

/**
 * The entry point, and the only place that exits. It stays small: the commands an agent runs all
 * day (`reduce -- cmd`, `cmd | reduce`, `reduce inspect`, `reduce hook`) are read by a start-up
 * parser and run from hot.ts, with the code cache when the build made one; anything else loads the
 * whole program (program.ts), with commander, help and the other commands.
 */

type Hot = typeof import('./hot.js');

/**
 * import() of an ES module, through the importer bin/reduce.js lends when it runs this bundle with its code cache
 * (import() has no loader inside such a script), else import() itself (tsc's dist/cli.js, a test).
 */
const lent = (globalThis as Record<symbol, unknown>)[Symbol.for('reduce.import')] as ((specifier: string) => Promise<unknown>) | undefined;
const importer = lent ?? ((specifier: string) => import(specifier));

/** An ES entry beside this file (program.js, hot.js), by its URL: the lent importer resolves from bin/. */
function importEntry<T>(entry: './program.js' | './hot.js'): Promise<T> {
  return lent ? (lent(new URL(entry, import.meta.url).href) as Promise<T>) : entry === './hot.js' ? (import('./hot.js') as Promise<T>) : (import('./program.js') as Promise<T>);
}

/**
 * hot.ts: the CommonJS bundle with its code cache beside this file (dist/bundle/), else the module itself.
 * `inspect` has a bundle of its own (hot-inspect.ts), a thirteenth of the size: nothing of execa or the reducers.
 */
async function loadHot(kind: HotCommand['kind']): Promise<Hot> {
  const bundle = fileURLToPath(new URL(kind === 'inspect' ? './inspect.cjs' : './hot.cjs', import.meta.url));
  if (fs.existsSync(bundle)) {
    const hot = requireWithCodeCache(bundle).exports as Hot;
    hot.setImporter(importer);
    return hot;
  }
  return importEntry<Hot>('./hot.js');
}

async function run(argv: readonly string[]): Promise<number> {
  const hot = hotCommand(argv.slice(2));
  // Here, not in the run itself: the build runs one to make the code cache, and a V8 flag changed
  // there would make V8 reject that cache at every start.
  // A run whose reducer may move to a worker starts at the smaller cap (young-generation.ts).
  if (hot?.kind === 'run') capYoungGeneration(undefined, offloadSetting(process.env).offload ? FIRST_YOUNG_GENERATION_CAP : YOUNG_GENERATION_CAP);
  if (hot) return (await loadHot(hot.kind)).runHot(hot);
  try {
    return await (await importEntry<typeof import('./program.js')>('./program.js')).runProgram(argv);
  } catch (err) {
    return reportError(err);
  }
}

watchStdout();
void run(process.argv).then((code) => {
  // Exit explicitly: a forwarded signal or a destroyed stdin must not keep the process alive. Writes through
  // process.stdout may still be queued (not on Linux, where they are synchronous): they are flushed first.
  if (!stdoutMade()) process.exit(code);
  process.stdout.write('', () => process.exit(code));
});
