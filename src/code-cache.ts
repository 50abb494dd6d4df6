import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Runs a CommonJS bundle with V8's code cache: the compiled code of the functions a start runs,
 * saved by the build beside the bundle (`<file>.cache`), so a start deserializes instead of parsing
 * and compiling about a megabyte of JavaScript. Node 20 has no module.enableCompileCache, and no
 * code cache for ES modules. V8 rejects a cache made by another V8 version or with other flags;
 * the bundle then compiles as usual (just slower), so a stale cache never changes what runs.
 * import() does not work inside such a script: the bundle gets it from outside (import-module.ts).
 */
export interface CachedModule {
  exports: unknown;
  script: vm.Script;
}

export function requireWithCodeCache(file: string): CachedModule {
  const source = fs.readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFileOf(file));
  } catch {
    cachedData = undefined; // no cache: compile
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, script };
}

export function cacheFileOf(file: string): string {
  return `${file}.cache`;
}
