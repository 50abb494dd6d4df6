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
 * hot.ts: the CommonJS bundle with its code cache beside this file (dist/bundle/), else the module itself.
 * `inspect` has a bundle of its own (hot-inspect.ts), a thirteenth of the size: nothing of execa or the reducers.
 */
async function loadHot(kind: HotCommand['kind']): Promise<Hot> {
  const bundle = fileURLToPath(new URL(kind === 'inspect' ? './inspect.cjs' : './hot.cjs', import.meta.url));
  if (fs.existsSync(bundle)) {
    const hot = requireWithCodeCache(bundle).exports as Hot;
    hot.setImporter((specifier) => import(specifier));
    return hot;
  }
  return import('./hot.js');
}

async function run(argv: readonly string[]): Promise<number> {
  const hot = hotCommand(argv.slice(2));
  // Here, not in the run itself: the build runs one to make the code cache, and a V8 flag changed
  // there would make V8 reject that cache at every start.
  // A run whose reducer may move to a worker starts at the smaller cap (young-generation.ts).
  if (hot?.kind === 'run') capYoungGeneration(undefined, offloadSetting(process.env).offload ? FIRST_YOUNG_GENERATION_CAP : YOUNG_GENERATION_CAP);
  if (hot) return (await loadHot(hot.kind)).runHot(hot);
  try {
    return await (await import('./program.js')).runProgram(argv);
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
