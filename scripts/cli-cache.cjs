'use strict';
// Makes dist/bundle/cli.cjs.cache for bin/reduce.js: runs it on the argv given and writes V8's code cache of the
// entry it ran at exit. scripts/bundle.mjs runs this twice (a run, then an inspect): the second loads the first's
// cache, so the one it writes holds the functions both compiled.
const fs = require('node:fs');
const path = require('node:path');
const bin = path.join(__dirname, '../bin/reduce.js');
process.on('exit', () => fs.writeFileSync(path.join(__dirname, '../dist/bundle/cli.cjs.cache'), globalThis[Symbol.for('reduce.cliScript')].createCachedData()));
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
require(bin);
