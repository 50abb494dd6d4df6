// Preloaded with `node --import` by test/startup.test.ts: registers a module hook that appends the URL of
// every module the process loads (ours and Node's built-ins) to the file named by RECORD_LOADS.
import { register } from 'node:module';

register(`data:text/javascript,${encodeURIComponent(`
import fs from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function load(url, context, next) {
  fs.appendFileSync(file, url + '\\n');
  return next(url, context);
}`)}`, import.meta.url, { data: { file: process.env.RECORD_LOADS } });
