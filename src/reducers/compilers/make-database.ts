/**
 * GNU make's database (`make -p`, `make -pn`, `--print-data-base`): hundreds of built-in variables
 * and rules, among them the few the project's makefiles define. Each variable is printed under its
 * origin (`# makefile (from 'Makefile', line 3)` above `PREFIX = /usr/local`), each target in
 * `# Files` under `# Not a target:` when it is only a file make looked at. The packet cites the
 * variables the makefiles and the command line set, the real targets with their prerequisites,
 * and the commands printed before the database; the built-ins are counted.
 * Docs: https://www.gnu.org/software/make/manual/html_node/Options-Summary.html (--print-data-base)
 */
import type { Bullet, CitationDraft, Reducer, StreamName } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { DATABASE_START, makeDatabaseClaims } from './make-database.claims.js';

/** `# makefile (from 'Makefile', line 3)`, `# command line`, `# environment`, `# default`, `# automatic`. */
const ORIGIN = /^# (default|automatic|environment(?: under -e)?|makefile(?: \(from '([^']+)', line (\d+)\))?|command line|override|'override' directive)$/;
const SECTION = /^# (Variables|Files|Directories|Implicit Rules|Pattern-specific Variable Values|VPATH Search Paths|finished making data base)\b/;
/** A rule's first line in `# Files`: `build/app: a.o b.o`, `clean:` (not `x := y`, not a comment or a recipe). */
const RULE = /^([^#\s:][^:=]*?):(?!=)(?::)?\s*(.*)$/;
/** Variables and targets cited, at most (the rest are counted). */
const MAX_CITED = 60;
/** Lines before the database (the recipes make ran or printed) cited from the start. */
const COMMANDS_SHOWN = 40;

export const makeDatabaseReducer: Reducer = {
  ...makeDatabaseClaims,
  version: '1.0.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let start = 0;
    let section = '';
    /** The origin comment of the line below it, with its line. */
    let origin: { kind: string; at: string | null; n: number } | null = null;
    let notTarget = 0;
    const origins = new Map<string, number>();
    /** The variables the project set: the line that sets it (its origin comment, above it, is the label). */
    const variables: { stream: StreamName; to: number; at: string }[] = [];
    const targets: { n: number; name: string }[] = [];
    let targetCount = 0;
    let variableCount = 0;

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream !== 'stdout') return;
        if (!start) {
          if (DATABASE_START.test(text)) start = n;
          return;
        }
        const heading = SECTION.exec(text);
        if (heading) {
          section = heading[1]!;
          origin = null;
          return;
        }
        if (section === 'Variables') {
          const o = ORIGIN.exec(text);
          if (o) {
            origin = { kind: o[1]!.startsWith('makefile') ? 'makefile' : o[1]!, at: o[2] ? `${o[2]}:${o[3]}` : null, n };
            return;
          }
          if (origin && origin.n === n - 1 && text.trim() !== '') {
            origins.set(origin.kind, (origins.get(origin.kind) ?? 0) + 1);
            // What the project set: a makefile line (not make's own `CURDIR`), the command line, an override.
            if ((origin.at !== null || /command line|override/.test(origin.kind)) && variables.length < MAX_CITED) {
              variables.push({ stream, to: n, at: origin.at ?? origin.kind });
            } else if (origin.at !== null || /command line|override/.test(origin.kind)) variableCount++;
          }
          origin = null;
          return;
        }
        if (section === 'Files') {
          if (text === '# Not a target:') {
            notTarget = n;
            return;
          }
          const rule = RULE.exec(text);
          if (rule && notTarget !== n - 1) {
            if (targets.length < MAX_CITED) targets.push({ n, name: rule[1]! });
            else targetCount++;
          }
        }
      },
      finish(exit) {
        if (!start) return digest.finish(exit);
        const citations: CitationDraft[] = [];
        const summary: Bullet[] = [];
        const ref = (): string => digest.nextRef();
        const varRefs = variables.map((v) => {
          const r = ref();
          citations.push({ ref: r, stream: v.stream, from: v.to, to: v.to, label: `variable set at ${v.at}`, kind: 'variable', priority: 'high' });
          return r;
        });
        const targetRefs = targets.map((t) => {
          const r = ref();
          citations.push({ ref: r, stream: 'stdout', from: t.n, to: t.n, label: 'target', kind: 'target', priority: 'high' });
          return r;
        });
        const fields: Record<string, number | Record<string, number>> = { variables: Object.fromEntries([...origins.entries()].sort((a, b) => b[1] - a[1])), targets: targets.length + targetCount };
        if (variables.length) summary.push({ text: `${plural(variables.length + variableCount, 'variable')} set by the makefiles or the command line`, cites: varRefs.slice(0, 4), fields: ['variables'] });
        if (targets.length) summary.push({ text: `${plural(targets.length + targetCount, 'target')}: ${targets.slice(0, 8).map((t) => t.name).join(', ')}${targets.length > 8 ? ', …' : ''}`, cites: targetRefs.slice(0, 4), fields: ['targets'] });
        const builtIn = [...origins.entries()].filter(([k]) => k === 'default' || k === 'automatic' || k.startsWith('environment')).reduce((a, [, v]) => a + v, 0);
        if (start > 1) {
          // What make ran (or, with -n, would run) before printing its database.
          const r = ref();
          citations.push({ ref: r, stream: 'stdout', from: 1, to: Math.min(start - 1, COMMANDS_SHOWN), label: 'commands before the database', priority: 'normal' });
          summary.push({ text: `${plural(start - 1, 'line')} before the database`, cites: [r] });
        }
        const omitted = [
          ...(variableCount ? [{ what: 'project variables not cited', count: variableCount }] : []),
          ...(targetCount ? [{ what: 'targets not cited', count: targetCount }] : []),
          ...(builtIn ? [{ what: 'built-in, automatic and environment variables (counted in fields.variables)', count: builtIn }] : []),
        ];
        const failed = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
        if (failed) {
          const parts = digest.finish(exit);
          return { ...parts, summary: [...parts.summary, ...summary], fields: { ...parts.fields, ...fields }, citations: [...parts.citations, ...citations], omitted: [...parts.omitted, ...omitted] };
        }
        return { status: 'ok', summary, fields, citations, omitted, confidence: 0.85 };
      },
    };
  },
};

