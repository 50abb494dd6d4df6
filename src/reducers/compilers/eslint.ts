/**
 * ESLint reports: the default `stylish` layout (a file path, then rows like
 * `  12:5  error  'x' is defined but never used  no-unused-vars`, then `✖ 31 problems (12 errors, 19 warnings)`),
 * `-f unix` (`src/a.js:12:5: msg [Error/no-unused-vars]`) and `-f json` (cited by JSON pointer).
 * Docs: https://eslint.org/docs/latest/use/formatters/
 */
import type { JsonStyle, Reducer } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { CompilerRun } from './compiler-run.js';
import { type Diagnostic } from './diagnostics.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { eslintClaims } from './eslint.claims.js';

export const eslintReducer: Reducer = {
  ...eslintClaims,
  version: '1.1.3',
  wantsJson: true,
  start(ctx) {
    const run = new CompilerRun(ctx);
    let checked: number | null = null;
    return {
      line: (stream, n, text) => run.line(stream, n, text),
      json(doc, style) {
        if (Array.isArray(doc) && doc.every((f) => isPlainObject(f) && typeof f.filePath === 'string' && Array.isArray(f.messages))) {
          run.jsonMode = true;
          checked = doc.length;
          addEslintJson(run, doc as EslintFile[], style);
        }
      },
      finish(exit) {
        const parts = run.finish(exit);
        if (checked !== null) {
          // The JSON report lists every file linted, clean ones too.
          parts.fields.filesChecked = checked;
          parts.summary.push({ text: `${plural(checked, 'file')} linted`, fields: ['filesChecked'] });
        }
        return parts;
      },
    };
  },
};

interface EslintFile {
  filePath: string;
  messages: Array<Record<string, unknown>>;
}

/** Every message of an `eslint -f json` report, in file order, cited by pointer. */
function addEslintJson(run: CompilerRun, files: EslintFile[], style: JsonStyle): void {
  files.forEach((file, i) => {
    file.messages.forEach((message, j) => {
      const severity = message.severity === 2 || message.fatal === true ? 'error' : message.severity === 1 ? 'warning' : 'info';
      const diagnostic: Diagnostic = {
        file: file.filePath,
        line: typeof message.line === 'number' ? message.line : null,
        col: typeof message.column === 'number' ? message.column : null,
        severity,
        code: typeof message.ruleId === 'string' ? message.ruleId : null,
        message: typeof message.message === 'string' ? message.message : '',
        format: 'eslint-json',
      };
      const pointer = pointerJoin(pointerJoin(`/${i}`, 'messages'), j);
      run.tally.addPointer({ diagnostic, pointer, excerpt: renderJson(keyFields(message), { style, limit: 300 }) });
    });
  });
}

const KEY_FIELDS = ['ruleId', 'severity', 'message', 'line', 'column', 'fatal'];

/** The fields that say what and where; the rest (fixes, suggestions, end positions) are counted. */
function keyFields(message: Record<string, unknown>): PartialObject {
  const shown: Record<string, unknown> = {};
  for (const key of KEY_FIELDS) if (key in message) shown[key] = message[key];
  return new PartialObject(shown, Object.keys(message).length - Object.keys(shown).length);
}
