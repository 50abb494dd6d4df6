import { hookSpecs, isReduceHook, type Host } from './hosts.js';

/**
 * The pure part of init and uninstall: settings text in, settings text out. Every other key,
 * group and hook is kept in place and in order; the file keeps its indentation and final newline,
 * so removing what init added gives back the original bytes.
 */

type Json = Record<string, unknown>;
interface Group {
  matcher?: unknown;
  hooks?: unknown;
}

export class SettingsError extends Error {}

export function installHooks(text: string | null, host: Host, invocation: string, rewrite: boolean): string {
  const { doc, format } = parse(text);
  const cleaned = removeOurs(doc, host);
  const hooks = (cleaned.hooks && typeof cleaned.hooks === 'object' ? cleaned.hooks : (cleaned.hooks = {})) as Json;
  for (const spec of hookSpecs(host, rewrite)) {
    const groups = Array.isArray(hooks[spec.event]) ? (hooks[spec.event] as Group[]) : (hooks[spec.event] = []) as Group[];
    groups.push({ matcher: 'Bash', hooks: [{ type: 'command', command: `${invocation} hook ${host} ${spec.step}`, timeout: spec.timeout }] });
  }
  return format(cleaned);
}

/** Removes our hooks; a group, event list or `hooks` object left empty by that goes too. Null when nothing is left of the file. */
export function uninstallHooks(text: string | null, host: Host): string | null {
  if (text === null) return null;
  const { doc, format } = parse(text);
  const cleaned = removeOurs(doc, host);
  return Object.keys(cleaned).length === 0 && text.trim() !== '{}' ? null : format(cleaned);
}

/** Event names holding one of our hooks. */
export function installedEvents(text: string | null, host: Host): string[] {
  if (text === null) return [];
  try {
    const hooks = parse(text).doc.hooks as Json | undefined;
    if (!hooks || typeof hooks !== 'object') return [];
    return Object.entries(hooks)
      .filter(([, groups]) => Array.isArray(groups) && groups.some((g: Group) => Array.isArray(g?.hooks) && g.hooks.some((h: { command?: unknown }) => isReduceHook(h?.command, host))))
      .map(([event]) => event);
  } catch {
    return [];
  }
}

function removeOurs(doc: Json, host: Host): Json {
  const hooks = doc.hooks;
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return doc;
  for (const [event, groups] of Object.entries(hooks as Json)) {
    if (!Array.isArray(groups)) continue;
    const kept: Group[] = [];
    for (const group of groups as Group[]) {
      if (!group || !Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const rest = group.hooks.filter((h: { command?: unknown }) => !isReduceHook(h?.command, host));
      if (rest.length === group.hooks.length) kept.push(group);
      else if (rest.length > 0) kept.push({ ...group, hooks: rest });
    }
    if (kept.length > 0) (hooks as Json)[event] = kept;
    else if (groups.length > 0) delete (hooks as Json)[event];
  }
  if (Object.keys(hooks as Json).length === 0) delete doc.hooks;
  return doc;
}

function parse(text: string | null): { doc: Json; format: (doc: Json) => string } {
  if (text === null || text.trim() === '') return { doc: {}, format: (doc) => JSON.stringify(doc, null, 2) + '\n' };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new SettingsError(`not valid JSON (${(err as Error).message}); fix it or move it aside, reduce will not rewrite it`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new SettingsError('not a JSON object');
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? (/^\{"/.test(text) ? '' : '  ');
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const trailing = /\r?\n$/.test(text) ? newline : '';
  return {
    doc: doc as Json,
    format: (d) => {
      const body = indent === '' ? JSON.stringify(d) : JSON.stringify(d, null, indent);
      return (newline === '\r\n' ? body.replace(/\n/g, '\r\n') : body) + trailing;
    },
  };
}
