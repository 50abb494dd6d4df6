/**
 * `npm audit` (text and `--json`, report v2 and the older `advisories` form), `pnpm audit`, `yarn audit`
 * summaries: vulnerabilities by severity with the package names, critical and high entries cited.
 * Sample: `minimist  <=0.2.3` / `Severity: critical` / `6 vulnerabilities (2 moderate, 3 high, 1 critical)`.
 * Docs: https://docs.npmjs.com/cli/commands/npm-audit
 */
import type { Bullet, CitationDraft, JsonStyle, PacketParts, Reducer, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { listHead } from '../generic/address-runs.js';
import { npmAuditClaims } from './npm-audit.claims.js';

const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'] as const;
type Severity = (typeof SEVERITIES)[number];
const PACKAGE_HEAD = /^(@?[\w.-]+(?:\/[\w.-]+)?) {2}(\S.*)$/;
const SEVERITY_LINE = /^Severity: (critical|high|moderate|low|info)\b/i;
const TOTAL_LINE = /^(?:found )?(\d+) (?:vulnerabilit(?:y|ies))(?: found)?(?: \((.*)\)|$| in \d)/;
const PNPM_SEVERITY = /^Severity: (\d+ \w+(?: \| \d+ \w+)*)$/;
const MAX_CITED = 20;

export const npmAuditReducer: Reducer = {
  ...npmAuditClaims,
  version: '1.1.0',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const packages: Array<{ name: string; severity: Severity; stream: StreamName; from: number; to: number }> = [];
    let pending: { name: string; stream: StreamName; n: number } | null = null;
    let open: (typeof packages)[number] | null = null;
    let total: { stream: StreamName; n: number; count: number; detail?: string } | null = null;
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    let dropped = 0;

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (open && open.stream === stream) {
          if (text.trim() === '') open = null;
          else open.to = n;
        }
        const sev = SEVERITY_LINE.exec(text);
        if (sev && pending && pending.stream === stream && pending.n === n - 1) {
          const entry = { name: pending.name, severity: sev[1]!.toLowerCase() as Severity, stream, from: pending.n, to: n };
          if (packages.length < 2000) packages.push(entry);
          else dropped++;
          open = entry;
          pending = null;
          return;
        }
        const head = PACKAGE_HEAD.exec(text);
        pending = head ? { name: head[1]!, stream, n } : null;
        const t = TOTAL_LINE.exec(text) ?? PNPM_SEVERITY.exec(text);
        if (t) {
          const detail = t[2] ?? (t[1]!.includes('|') ? t[1]!.replace(/ \| /g, ', ') : undefined);
          total = { stream, n, count: /^\d+$/.test(t[1]!) ? Number(t[1]) : (total?.count ?? 0), ...(detail ? { detail } : {}) };
        }
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
        if (parsed && isPlainObject(parsed.doc)) return auditJson(parsed.doc, parsed.style, digest, failedExit);
        if (!packages.length && !total) return digest.finish(exit);
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const bySeverity: Partial<Record<Severity, string[]>> = {};
        for (const p of packages) (bySeverity[p.severity] ??= []).push(p.name);
        const cited = packages.filter((p) => p.severity === 'critical' || p.severity === 'high').slice(0, MAX_CITED);
        const refs = cited.map((p) => {
          const ref = digest.nextRef();
          citations.push({ ref, stream: p.stream, from: p.from, to: p.to, label: `${p.severity}: ${p.name}`, kind: 'vulnerable package', priority: p.severity === 'critical' ? 'mandatory' : 'high' });
          return ref;
        });
        const fields: PacketParts['fields'] = { packages: bySeverity, counts: Object.fromEntries(SEVERITIES.filter((s) => bySeverity[s]).map((s) => [s, bySeverity[s]!.length])) };
        if (total) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: total.stream, from: total.n, to: total.n, label: 'total', priority: 'mandatory' });
          fields.total = total.count;
          summary.push({ text: `${plural(total.count, 'vulnerability', 'vulnerabilities')}${total.detail ? ` (${total.detail})` : ''}`, cites: [ref], fields: ['total'] });
        }
        for (const severity of SEVERITIES) {
          const names = bySeverity[severity];
          if (names) summary.push({ text: `${severity} ${count(names.length)}: ${listHead(names, 8)}`, cites: severity === 'critical' || severity === 'high' ? refs.filter((_, i) => cited[i]!.severity === severity).slice(0, 3) : [], fields: ['packages'] });
        }
        const omitted = [];
        const uncited = packages.filter((p) => p.severity === 'critical' || p.severity === 'high').length - cited.length;
        if (uncited > 0) omitted.push({ what: 'critical/high entries not cited', count: uncited });
        if (dropped) omitted.push({ what: 'package entries past the first 2,000', count: dropped });
        const serious = (bySeverity.critical?.length ?? 0) + (bySeverity.high?.length ?? 0);
        return { status: failedExit ? 'fail' : serious ? 'warn' : packages.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.9 };
      },
    };
  },
};

/** `npm audit --json`: report v2 (`vulnerabilities` by package) or v1 (`advisories` by id). */
function auditJson(doc: Record<string, unknown>, style: JsonStyle, refs: { nextRef(): string }, failedExit: boolean): PacketParts {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const fields: PacketParts['fields'] = {};
  const bySeverity: Partial<Record<Severity, string[]>> = {};
  const entries: Array<{ name: string; severity: Severity; pointer: string; view: unknown }> = [];
  if (isPlainObject(doc.vulnerabilities)) {
    for (const [name, v] of Object.entries(doc.vulnerabilities)) {
      if (!isPlainObject(v)) continue;
      const severity = String(v.severity) as Severity;
      const titles = Array.isArray(v.via) ? v.via.map((x) => (isPlainObject(x) ? x.title : x)).filter((x) => x !== undefined) : [];
      const view: Record<string, unknown> = { name, severity, isDirect: v.isDirect, range: v.range, via: titles, fixAvailable: v.fixAvailable };
      entries.push({ name, severity, pointer: pointerJoin('/vulnerabilities', name), view: new PartialObject(view, Math.max(0, Object.keys(v).length - 5)) });
    }
  } else if (isPlainObject(doc.advisories)) {
    for (const [id, a] of Object.entries(doc.advisories)) {
      if (!isPlainObject(a)) continue;
      const name = String(a.module_name);
      const view = { module_name: name, severity: a.severity, title: a.title, vulnerable_versions: a.vulnerable_versions, url: a.url };
      entries.push({ name, severity: String(a.severity) as Severity, pointer: pointerJoin('/advisories', id), view: new PartialObject(view, Math.max(0, Object.keys(a).length - 5)) });
    }
  }
  for (const e of entries) if (!(bySeverity[e.severity] ??= []).includes(e.name)) bySeverity[e.severity]!.push(e.name);
  const cited = entries.filter((e) => e.severity === 'critical' || e.severity === 'high').slice(0, MAX_CITED);
  const citedRefs = cited.map((e) => {
    const ref = refs.nextRef();
    citations.push({ ref, stream: 'stdout', pointer: e.pointer, label: `${e.severity}: ${e.name}`, kind: 'vulnerable package', priority: e.severity === 'critical' ? 'mandatory' : 'high', excerpt: [renderJson(e.view, { style, limit: 400, maxString: 120 })] });
    return ref;
  });
  const meta = isPlainObject(doc.metadata) && isPlainObject(doc.metadata.vulnerabilities) ? doc.metadata.vulnerabilities : null;
  if (meta) {
    const ref = refs.nextRef();
    citations.push({ ref, stream: 'stdout', pointer: '/metadata/vulnerabilities', label: 'totals', priority: 'mandatory', excerpt: [renderJson(meta, { style })] });
    fields.counts = Object.fromEntries(Object.entries(meta).filter(([, v]) => typeof v === 'number') as Array<[string, number]>);
    const totalCount = typeof meta.total === 'number' ? meta.total : entries.length;
    summary.push({ text: `${plural(totalCount, 'vulnerability', 'vulnerabilities')}: ${SEVERITIES.filter((s) => typeof meta[s] === 'number' && (meta[s] as number) > 0).map((s) => `${count(meta[s] as number)} ${s}`).join(', ') || 'none'}`, cites: [ref], fields: ['counts'] });
  }
  fields.packages = bySeverity;
  for (const severity of SEVERITIES) {
    const names = bySeverity[severity];
    if (names) summary.push({ text: `${severity} ${count(names.length)}: ${listHead(names, 8)}`, cites: citedRefs.filter((_, i) => cited[i]!.severity === severity).slice(0, 3), fields: ['packages'] });
  }
  const serious = (bySeverity.critical?.length ?? 0) + (bySeverity.high?.length ?? 0);
  const omitted = serious > cited.length ? [{ what: 'critical/high entries not cited', count: serious - cited.length }] : [];
  return { status: failedExit ? 'fail' : entries.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: entries.length || meta ? 0.9 : 0.5 };
}
