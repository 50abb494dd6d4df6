#!/usr/bin/env node
// Bundles the compiled CLI (dist/cli.js) into dist/bundle/: a process that starts `reduce` loads a
// few files instead of ~300 modules, which halves its start-up time (about 0.4 s to 0.2 s here).
// The entry (cli.cjs, which bin/reduce.js requires) is CommonJS, so a start sets up no ES module
// loader; what it imports at run time (program.js: commander and every command; hot.js, the hot
// paths, only if hot.cjs is missing) is ES modules, where `history` and anything else loaded with
// import() become their own chunks. The hot paths are also bundled alone as CommonJS (dist/hot.js, a run
// and the hooks: hot.cjs; dist/hot-inspect.js: inspect.cjs), each with V8's code cache made here by running
// one `reduce -- node -e 0` and one `reduce inspect last` (see src/code-cache.ts).
// The library entry (dist/index.js) stays unbundled, with its type declarations.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/bundle');
fs.rmSync(outdir, { recursive: true, force: true });
// cosmiconfig loads TypeScript only for a `.ts` config file; bundling it would add 10 MB to every start.
// The MCP SDK and the shell parser (whose .wasm files sit beside their modules) load from
// node_modules, and only in the subcommands that use them.
const external = ['typescript', '@modelcontextprotocol/sdk', 'web-tree-sitter', 'tree-sitter-bash'];
await build({
  entryPoints: { program: path.join(root, 'dist/program.js'), hot: path.join(root, 'dist/hot.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __reduceRequire } from 'node:module'; const require = __reduceRequire(import.meta.url);" },
  logLevel: 'warning',
});

// The entry: the start-up parser and the code-cache loader, with import() of the two ES entries above.
const esmEntries = { name: 'esm-entries', setup: (b) => b.onResolve({ filter: /^\.\/(program|hot)\.js$/ }, (args) => (args.importer.endsWith(`${path.sep}cli.js`) ? { path: args.path, external: true } : undefined)) };
await build({
  entryPoints: [path.join(root, 'dist/cli.js')],
  outfile: path.join(outdir, 'cli.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  plugins: [esmEntries],
  define: { 'import.meta.url': '__reduceModuleUrl' },
  banner: { js: "const __reduceModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});

// One file per hot entry: what a hot path does not run stays uncompiled in it, and costs only its reading.
// hot.cjs runs a command (and the hooks); inspect.cjs, inspect alone: a thirteenth of the size, since a start
// reads, deserializes and sets up a bundle's whole top level whatever it runs.
// cosmiconfig and zod, needed only when there is a config file, load from node_modules then (and
// cosmiconfig's own import() of a .ts config works there, which it would not inside this bundle).
const hot = path.join(outdir, 'hot.cjs');
const inspect = path.join(outdir, 'inspect.cjs');
for (const [entry, outfile] of [['dist/hot.js', hot], ['dist/hot-inspect.js', inspect]]) {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: [...external, 'cosmiconfig', 'zod'],
    define: { 'import.meta.url': '__reduceModuleUrl' },
    // Without comments and indentation it is a quarter smaller: less to read and hash at every start.
    minifyWhitespace: true,
    banner: { js: "const __reduceModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });

  // ASCII only: a source with any other character is decoded from UTF-8 and held as a two-byte string
  // (1.7 MB) at every start. esbuild escapes strings but leaves regex literals as written, so the rest are
  // escaped here as \uXXXX, which means the same character in a regex, a string or a template. Not in a
  // String.raw template, whose raw text would change: those must be written escaped in the source.
  const text = fs.readFileSync(outfile, 'utf8');
  // An escaped character (`\✗` in a regex) would become `\\u2717`, a backslash and text: refused too.
  const raw = /String\.raw`[^`]*[^\x00-\x7f][^`]*`|\\[^\x00-\x7f]/.exec(text);
  if (raw) throw new Error(`bundle: a String.raw template or an escape holds a non-ASCII character; write it as \\uXXXX in the source: ${raw[0].slice(0, 120)}`);
  fs.writeFileSync(outfile, oneModuleKey(lazyStandardStreams(lazyBuiltins(viewBuiltins(text)))).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
// A large output's reducer runs on a worker thread (src/capture/remote-run.ts) from the same hot bundle, with its code
// cache as the CLI runs it (src/code-cache.ts): a plain require parsed the whole bundle again while the reader waited.
fs.writeFileSync(path.join(outdir, 'run-worker.cjs'), `'use strict';
// A reducer on a worker thread: see src/capture/run-worker.ts. hot.cjs runs with its code cache, as in src/code-cache.ts.
const fs = require('node:fs');
const Module = require('node:module');
const vm = require('node:vm');
const file = require('node:path').join(__dirname, 'hot.cjs');
let cachedData;
try {
  cachedData = fs.readFileSync(file + '.cache');
} catch {}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
// Compiled: the main thread's reader, paused since this worker's start, goes on (src/capture/remote-run.ts, busy).
require('node:worker_threads').parentPort.postMessage(0);
const hot = { exports: {} };
script.runInThisContext().call(hot.exports, hot.exports, Module.createRequire(file), hot, file, __dirname);
hot.exports.setImporter((specifier) => import(specifier));
hot.exports.runReducerWorker();
`);
fs.writeFileSync(path.join(outdir, 'cli.cjs'), viewBuiltins(fs.readFileSync(path.join(outdir, 'cli.cjs'), 'utf8')));

/**
 * A default import of a Node built-in (`import fs from 'node:fs'`) becomes `__toESM(require('node:fs'), 1)`
 * in a CommonJS bundle: a new object with one getter per export, built at every import site at every
 * start (about 50 sites, a hundred keys for fs or process). Node's built-ins are plain CommonJS objects,
 * so an object whose prototype is the module and whose `default` is the module reads the same
 * (`.default.readFileSync`, `.readFileSync`), built in one call.
 */
function viewBuiltins(code) {
  const sites = /__toESM\(require\("(node:[\w/]+)"\)(?:, ?1)?\)/g;
  if (!sites.test(code)) return code;
  const helper = 'var __builtinView=(mod)=>Object.create(mod,{default:{value:mod,enumerable:true}});';
  return afterUseStrict(code.replace(sites, '__builtinView(require("$1"))'), helper, 'built-in view');
}

/** `code` with `helper` defined right after its "use strict" prologue (before any use of it). */
function afterUseStrict(code, helper, what) {
  const strict = code.indexOf('"use strict";');
  if (strict === -1) throw new Error(`bundle: no "use strict" prologue to put the ${what} helper after`);
  const at = strict + '"use strict";'.length;
  return code.slice(0, at) + helper + code.slice(at);
}

/**
 * execa lists the process's standard streams when it loads (`STANDARD_STREAMS=[process.stdin, …]`), to compare
 * options against them later; reading `process.stdin` builds the stdin stream (tty or net, and the modules behind it),
 * about 4 ms at every start, though a wrapped command inherits fd 0 and reduce never reads it. The list is read
 * only by `includes` and by index: here it becomes a view that reads the streams at its first use.
 */
function lazyStandardStreams(code) {
  const site = 'STANDARD_STREAMS=[import_node_process.default.stdin,import_node_process.default.stdout,import_node_process.default.stderr]';
  if (!code.includes(site)) return code;
  const lazy = 'STANDARD_STREAMS=__lazyList(()=>[import_node_process.default.stdin,import_node_process.default.stdout,import_node_process.default.stderr])';
  const helper = 'var __lazyList=(make)=>{let list;const get=()=>list??=make();return new Proxy([],{get:(_,key)=>{const l=get();const v=l[key];return typeof v==="function"?v.bind(l):v},has:(_,key)=>key in get()})};';
  return afterUseStrict(code.replace(site, lazy), helper, 'lazy list');
}

/**
 * Built-ins that a bundled dependency imports when it loads but calls only on paths a run rarely takes: execa's
 * IPC input (`serialize` from node:v8, for the `ipcInput` option). node:v8 and what it loads (heap utilities,
 * promise hooks) cost 7-15 M instructions at every start; behind this proxy it loads at its first use. The
 * young-generation watch (src/capture/young-generation.ts) loads it past 64 KiB of output.
 */
function lazyBuiltins(code, LAZY_BUILTINS = ['node:v8']) {
  const helper = 'var __lazyBuiltin=(id)=>{let mod;const get=()=>mod??=require(id);return new Proxy({},{get:(_,key)=>key==="default"?get():get()[key],has:(_,key)=>key in get()})};';
  let out = code;
  for (const id of LAZY_BUILTINS) {
    out = out.replaceAll(`__builtinView(require("${id}"))`, `__lazyBuiltin("${id}")`).replaceAll(`require("${id}")`, `__lazyBuiltin("${id}")`);
  }
  return out === code ? code : afterUseStrict(out, helper, 'lazy built-in');
}

/**
 * esbuild wraps each lazily evaluated module as `__esm({"dist/x.js"() {…}})` (`__commonJS` alike): an
 * object literal keyed by the module's path, whose one method `__esm` calls by reading the object's
 * first key. Every distinct key gives that literal its own hidden class, one more transition from
 * the empty object's, and V8 inserts each into a sorted array: about 380 modules cost 4-5 M
 * instructions at every start before any of them runs. One key for all shares one hidden class.
 */
function oneModuleKey(code) {
  const count = (re) => (code.match(re) ?? []).length;
  const before = count(/__esm\(\{|__commonJS\(\{/g);
  const out = code.replace(/(__esm|__commonJS)\(\{"[^"\n]+"\(/g, '$1({m(');
  if ((out.match(/(?:__esm|__commonJS)\(\{m\(/g) ?? []).length !== before) throw new Error('bundle: a module wrapper not in the shape `__esm({"path"(` was left keyed by its path');
  return out;
}

// The code caches, taken after a run (hot.cjs) and an inspect of it (inspect.cjs) so that they hold the
// functions those compile, not only the top level.
const { requireWithCodeCache, cacheFileOf } = await import(pathToFileURL(path.join(root, 'dist/code-cache.js')).href);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-build-'));
const here = process.cwd();
const saved = { outputs: process.env.REDUCE_OUTPUTS, write: process.stdout.write };
try {
  process.chdir(work);
  process.env.REDUCE_OUTPUTS = path.join(work, 'outputs');
  // Print nothing from the build (the packet of `true` is empty; inspect's is not), but call back, as a write does.
  process.stdout.write = (...args) => (args.find((a) => typeof a === 'function')?.(), true);
  const run = requireWithCodeCache(hot);
  await run.exports.runHot({ kind: 'run', command: [process.execPath, '-e', '0'], flags: {} });
  const inspected = requireWithCodeCache(inspect);
  await inspected.exports.runHot({ kind: 'inspect', query: 'last', flags: {} });
  process.stdout.write = saved.write;
  fs.writeFileSync(cacheFileOf(hot), run.script.createCachedData());
  fs.writeFileSync(cacheFileOf(inspect), inspected.script.createCachedData());
  // cli.cjs's cache, for bin/reduce.js: made by scripts/cli-cache.cjs in processes of their own (cli.cjs runs its
  // argv when it loads), a run and then an inspect, whose cache holds the functions of both.
  const cliCache = cacheFileOf(path.join(outdir, 'cli.cjs'));
  fs.rmSync(cliCache, { force: true });
  for (const argv of [['--', process.execPath, '-e', '0'], ['inspect', 'last']]) {
    const made = spawnSync(process.execPath, [path.join(root, 'scripts/cli-cache.cjs'), ...argv], { cwd: work, env: { ...process.env, REDUCE_OUTPUTS: path.join(work, 'outputs') }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (made.status !== 0) throw new Error(`bundle: making cli.cjs's code cache (${argv.join(' ')}) exited ${made.status}`);
  }
} finally {
  process.stdout.write = saved.write;
  process.chdir(here);
  if (saved.outputs === undefined) delete process.env.REDUCE_OUTPUTS;
  else process.env.REDUCE_OUTPUTS = saved.outputs;
  fs.rmSync(work, { recursive: true, force: true });
}
