/**
 * ESLint reports: the default `stylish` layout (a file path, then rows like
 * `  12:5  error  'x' is defined but never used  no-unused-vars`, then `✖ 31 problems (12 errors, 19 warnings)`),
 * `-f unix` (`src/a.js:12:5: msg [Error/no-unused-vars]`) and `-f json` / `-f json-with-metadata` (cited by JSON pointer).
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
  version: '1.2.0',
  wantsJson: true,
  start(ctx) {
    const run = new CompilerRun(ctx);
    let checked: number | null = null;
    /** Files whose `output` holds the source as the fixes leave it (`--fix-dry-run`): the answer to "what would --fix do". */
    const fixed: { pointer: string; file: string; lines: string[] }[] = [];
    let fixedCount = 0;
    return {
      line: (stream, n, text) => run.line(stream, n, text),
      json(doc, style) {
        // `-f json` is the array of files; `-f json-with-metadata` puts it under `results`, beside the rules' metadata.
        const [files, base] = isPlainObject(doc) && 'results' in doc ? [doc.results, '/results'] : [doc, ''];
        if (Array.isArray(files) && files.every((f) => isPlainObject(f) && typeof f.filePath === 'string' && Array.isArray(f.messages))) {
          run.jsonMode = true;
          checked = files.length;
          addEslintJson(run, files as EslintFile[], style, base);
          (files as EslintFile[]).forEach((f, i) => {
            if (typeof f.output !== 'string') return;
            fixedCount++;
            if (fixed.length < FIXED_CITED) fixed.push({ pointer: `${base}/${i}/output`, file: f.filePath, lines: f.output.split('\n') });
          });
        }
      },
      finish(exit) {
        const parts = run.finish(exit);
        if (checked !== null) {
          // The JSON report lists every file linted, clean ones too.
          parts.fields.filesChecked = checked;
          parts.summary.push({ text: `${plural(checked, 'file')} linted`, fields: ['filesChecked'] });
        }
        if (fixedCount) {
          const refs = fixed.map((f) => {
            const ref = run.digest.nextRef();
            const shown = f.lines.slice(0, FIXED_LINES);
            const more = f.lines.length - shown.length;
            parts.citations.push({ ref, stream: 'stdout', pointer: f.pointer, label: `${f.file} as fixed${more > 0 ? `, first ${shown.length} of ${f.lines.length} lines` : ''}`, kind: 'fixed source', priority: 'normal', excerpt: shown });
            return ref;
          });
          parts.fields.filesFixed = fixedCount;
          parts.summary.push({ text: `${plural(fixedCount, 'file')} with fixes (the fixed source in \`output\`)`, cites: refs, fields: ['filesFixed'] });
          if (fixedCount > fixed.length) parts.omitted.push({ what: 'fixed sources not cited', count: fixedCount - fixed.length });
        }
        return parts;
      },
    };
  },
};

interface EslintFile {
  filePath: string;
  messages: Array<Record<string, unknown>>;
  /** The source after the fixes, when any applied (`--fix-dry-run`, or `--fix` with a JSON formatter). */
  output?: unknown;
}

/** Fixed sources cited, and their lines shown (the rest are counted in the label). */
const FIXED_CITED = 3;
const FIXED_LINES = 12;

/** Every message of an `eslint -f json` report, in file order, cited by pointer (under `base`, the files' array). */
function addEslintJson(run: CompilerRun, files: EslintFile[], style: JsonStyle, base: string): void {
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
      const pointer = pointerJoin(pointerJoin(`${base}/${i}`, 'messages'), j);
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
