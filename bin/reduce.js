#!/usr/bin/env node
'use strict';
// The entry, dist/bundle/cli.cjs, runs with V8's code cache when the build made one (see src/code-cache.ts): parsing
// and compiling it cost about 3 M instructions at every start. import() has no loader inside a script run from a
// cache, so this module lends its own (importEntry in src/cli.ts). scripts/cli-cache.cjs makes the cache from the
// script left on the global object.
globalThis[Symbol.for('reduce.import')] = (specifier) => import(specifier);
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');
const file = path.join(__dirname, '../dist/bundle/cli.cjs');
let cachedData;
try {
  cachedData = fs.readFileSync(`${file}.cache`);
} catch {}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
globalThis[Symbol.for('reduce.cliScript')] = script;
const entry = { exports: {} };
script.runInThisContext().call(entry.exports, entry.exports, Module.createRequire(file), entry, file, path.dirname(file));
