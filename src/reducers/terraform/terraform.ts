/**
 * Terraform and OpenTofu: `plan`, `apply`, `destroy`, `init`, `validate` text, and `show -json` plans.
 * Every resource to destroy or replace is cited (`# aws_db_instance.main must be replaced`), with the
 * `Plan:` / `Apply complete!` lines, diagnostics with file:line, and the slowest creations.
 * Docs: https://developer.hashicorp.com/terraform/cli/commands/plan
 */
import type { Bullet, CitationDraft, JsonStyle, LineCitation, PacketParts, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { distillJson } from '../generic/json.js';
import { foldAddressRuns, listHead } from '../generic/address-runs.js';
import { addDigestErrors } from '../generic/digest-errors.js';
import { LogDigest } from '../generic/log-digest.js';
import { distillPlanJson, isTerraformJson } from './terraform-plan-json.js';
import { TerraformText, resourceOf, type Diagnostic, type PlanAction } from './terraform-text.js';
import { terraformClaims } from './terraform.claims.js';
/** Completions faster than this are not worth a field. */
const SLOW_SECONDS = 10;
/** Destroy and replace headers cited as mandatory; later ones are still cited, at high priority. */
const MANDATORY_HEADERS = 60;

export const terraformReducer: Reducer = {
  ...terraformClaims,
  version: '1.2.1',
  wantsJson: true,
  // `-json` stream lines carry the same module and a timestamp on every line: shown without them.
  excerptLine: (text) => (text.startsWith('{"@level"') ? text.replace(/"@module":"[^"]*",|"@timestamp":"[^"]*",/g, '') : text),
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const text = new TerraformText();
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    return {
      line(stream, n, line) {
        digest.line(stream, n, line);
        text.line(stream, n, line);
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
        if (parsed) {
          const { doc, style } = parsed;
          if (isTerraformJson(doc) && ('resource_changes' in doc || 'planned_values' in doc)) return distillPlanJson(doc, style, digest, failedExit);
          return distillJson(doc, style, digest, failedExit);
        }
        text.end();
        if (text.recognised === 0) return digest.finish(exit);
        return reduceText(text, digest, failedExit, exit);
      },
    };
  },
};

function reduceText(tf: TerraformText, digest: LogDigest, failedExit: boolean, exit: Parameters<LogDigest['finish']>[0]): PacketParts {
  const summary: Bullet[] = [];
  const fields: PacketParts['fields'] = {};
  const citations: CitationDraft[] = [];
  const omitted: PacketParts['omitted'] = [];
  /** Bytes the success budget grows by: outputs and warnings shown with the outcome. */
  let outcomeBytes = 0;
  const cite = (draft: Omit<LineCitation, 'ref'>): string => {
    const ref = digest.nextRef();
    citations.push({ ...draft, ref });
    return ref;
  };

  const errors = tf.diagnostics.filter((d) => d.severity === 'error');
  const warnings = tf.diagnostics.filter((d) => d.severity === 'warning');
  if (errors.length) {
    const refs = errors.map((d, i) => cite({ stream: d.stream, from: d.from, to: d.to, label: `error: ${d.summary}`, kind: 'error', priority: i === 0 ? 'mandatory' : 'high' }));
    const total = errors.length + tf.diagnosticsDropped.error;
    summary.push({ text: `${plural(total, 'error')}: ${errors.slice(0, 3).map(describeDiagnostic).join('; ')}${errors.length > 3 ? '; …' : ''}`, cites: refs.slice(0, 4), fields: ['errors'], priority: 'mandatory' });
    fields.errors = errors.map(diagnosticField);
    if (tf.diagnosticsDropped.error) omitted.push({ what: 'errors past the first ' + errors.length, count: tf.diagnosticsDropped.error });
  }
  if (failedExit && tf.inFlight.size > 0) {
    const pending = [...tf.inFlight.entries()];
    fields.unfinished = pending.map(([address, { verb }]) => `${address}: ${verb}`);
    summary.push({ text: `never completed: ${pending.slice(0, 4).map(([a, { verb }]) => `${a} (${verb.toLowerCase()})`).join(', ')}${pending.length > 4 ? ', …' : ''}`, fields: ['unfinished'] });
  }

  let decisiveCited = 0;
  for (const action of ['delete', 'replace'] as const) {
    const headers = tf.headers.filter((h) => h.action === action);
    if (!headers.length) continue;
    const key = action === 'delete' ? 'destroy' : 'replace';
    // Each one is cited; past the first few dozen they yield to the budget (the field still lists them, every one counted).
    const refs = headers.map((h) => cite({ stream: h.stream, from: h.from, to: h.to, label: key, kind: key, priority: decisiveCited++ < MANDATORY_HEADERS ? 'mandatory' : 'high' }));
    fields[key] = headers.map((h) => h.address);
    const total = tf.actionCounts[action] ?? headers.length;
    const verb = action === 'delete' ? 'destroys' : 'replaces';
    summary.push({ text: `${verb} ${plural(total, 'resource')}${total > headers.length ? ` (${count(headers.length)} listed)` : ''}: ${listHead(headers.map((h) => h.address), 6)}`, cites: refs.slice(0, 3), fields: [key], priority: 'mandatory' });
    if (total > headers.length) omitted.push({ what: `${key} headers past the first ${count(headers.length)} (counted, not kept)`, count: total - headers.length });
  }

  // A plan that ran clean is read for its changes; an apply (its progress lines) or a failure for what happened.
  const applying = tf.done !== null || tf.inFlight.size > 0 || tf.completed.Creation + tf.completed.Destruction + tf.completed.Modifications > 0;
  if (!applying && !failedExit && errors.length === 0) citePlanBodies(tf, cite);

  let planRef: string | null = null;
  if (tf.plan) {
    planRef = cite({ stream: tf.plan.line.stream, from: tf.plan.line.n, to: tf.plan.line.n, label: 'plan', priority: 'mandatory' });
    if (!tf.done) fields.plan = tf.plan.counts;
    if (!tf.done) summary.push({ text: `plan: ${Object.entries(tf.plan.counts).map(([k, v]) => `${count(v)} to ${k}`).join(', ')}`, cites: [planRef] });
  } else if (tf.noChanges) {
    const ref = cite({ stream: tf.noChanges.stream, from: tf.noChanges.n, to: tf.noChanges.n, label: 'plan', priority: 'mandatory' });
    summary.push({ text: 'no changes', cites: [ref] });
  }
  const changes = Object.fromEntries(Object.entries(tf.actionCounts).filter(([k]) => k !== 'drift'));
  const otherActions = Object.keys(changes).filter((k) => k !== 'delete' && k !== 'replace');
  if (otherActions.length && !tf.done) {
    fields.changes = changes;
    for (const action of ['create', 'update', 'import', 'move', 'forget', 'read']) {
      const addresses = tf.headers.filter((h) => h.action === action).map((h) => h.address);
      if (addresses.length) summary.push({ text: `${action}: ${listHead(foldAddressRuns(addresses), 8)}${(changes[action] ?? 0) > addresses.length ? ` (of ${count(changes[action]!)})` : ''}`, fields: ['changes'] });
    }
  }
  if (tf.actionCounts.drift) {
    fields.drifted = tf.actionCounts.drift;
    if (!tf.done) summary.push({ text: `${plural(tf.actionCounts.drift, 'object')} changed outside Terraform`, fields: ['drifted'] });
  }
  if (tf.headersDropped && !tf.done) omitted.push({ what: 'resource headers (create/update/read) not listed', count: tf.headersDropped });

  if (tf.done) {
    const ref = cite({ stream: tf.done.line.stream, from: tf.done.line.n, to: tf.done.line.n, label: 'result', priority: 'mandatory' });
    summary.push({ text: `${tf.done.kind.toLowerCase()} complete: ${Object.entries(tf.done.counts).map(([k, v]) => `${count(v)} ${k}`).join(', ')}`, cites: planRef ? [planRef, ref] : [ref] });
    if (tf.outputs && tf.outputs.to > tf.outputs.from) {
      // What the apply produced (addresses, ids, URLs): the agent ran it for these as much as for the verdict.
      const out = cite({ stream: tf.outputs.stream, from: tf.outputs.from, to: tf.outputs.to, label: 'outputs', priority: 'high' });
      summary.push({ text: `outputs: ${listHead(tf.outputs.names, 6)}`, cites: [out] });
      outcomeBytes += tf.outputs.bytes;
    }
  } else if (tf.completed.Creation + tf.completed.Destruction + tf.completed.Modifications > 0) {
    fields.completed = { created: tf.completed.Creation, destroyed: tf.completed.Destruction, modified: tf.completed.Modifications };
    summary.push({ text: `before stopping: ${count(tf.completed.Creation)} created, ${count(tf.completed.Modifications)} modified, ${count(tf.completed.Destruction)} destroyed`, fields: ['completed'] });
  }
  const slow = tf.slowest.filter((s) => s.seconds >= SLOW_SECONDS);
  if (slow.length) fields.slowest = slow.slice(0, failedExit || errors.length ? 3 : 1).map((s) => s.text);

  if (tf.initOk) {
    const ref = cite({ stream: tf.initOk.stream, from: tf.initOk.n, to: tf.initOk.n, label: 'init', priority: 'mandatory' });
    summary.push({ text: 'initialized', cites: [ref] });
  }
  if (tf.providers.length) fields.providers = tf.providers;
  if (tf.validOk) {
    const ref = cite({ stream: tf.validOk.stream, from: tf.validOk.n, to: tf.validOk.n, label: 'validate', priority: 'mandatory' });
    summary.push({ text: 'configuration is valid', cites: [ref] });
  }

  if (warnings.length) {
    // On success the warnings explain the next failure: they rank with the outcome, and the budget grows for them.
    const succeeded = !failedExit && errors.length === 0;
    const refs = warnings.slice(0, 3).map((d) => cite({ stream: d.stream, from: d.from, to: d.to, label: `warning: ${d.summary}`, kind: 'warning', priority: succeeded ? 'high' : 'normal' }));
    if (succeeded) outcomeBytes += warnings.slice(0, 3).reduce((a, d) => a + Math.min(600, (d.to - d.from + 1) * 80), 0);
    const total = warnings.length + tf.diagnosticsDropped.warning;
    fields.warnings = total;
    summary.push({ text: `${plural(total, 'warning')}: ${[...new Set(warnings.map((d) => d.summary))].slice(0, 3).join('; ')}`, cites: refs.slice(0, 2), fields: ['warnings'] });
    if (warnings.length > 3) omitted.push({ what: 'warning blocks', count: total - 3 });
  }

  const failed = failedExit || errors.length > 0;
  let confidence = 0.9;
  if (failed && errors.length === 0) {
    // The failure is not in a diagnostic we know: bring the generic error windows.
    addDigestErrors(digest, exit, { summary, fields, citations, omitted });
    confidence = 0.7;
  }
  const destructive = (tf.actionCounts.delete ?? 0) + (tf.actionCounts.replace ?? 0) > 0 && !tf.done;
  const status = failed ? 'fail' : destructive || warnings.length ? 'warn' : 'ok';
  return { status, summary, fields, citations, omitted, confidence, ...(!failed && outcomeBytes ? { warningBytes: outcomeBytes } : {}) };
}

/** Lines of a resource block cited whole; a longer one (a create listing every attribute) keeps its header alone. */
const MAX_BODY_LINES = 60;
/** What a plan's changed resources say below their headers, ranked for the room an answer leaves: a replacement's
 * block (the attribute that forces it) first, then in-place updates and drift (only the changed attributes are
 * printed), then the header of each create and read, which name what appears. */
const BODY_PRIORITY: Partial<Record<PlanAction, 'high' | 'normal'>> = { replace: 'high', update: 'normal', drift: 'normal', move: 'normal', import: 'normal' };

function citePlanBodies(tf: TerraformText, cite: (draft: Omit<LineCitation, 'ref'>) => string): void {
  // Blocks that change the same attributes the same way (one image bumped in every region) are shown once: the
  // others by their header, with the creates.
  // Of the other headers, the first of each resource (its address without keys and indexes) ranks above the rest.
  const shown = new Set<string>();
  const named = new Set<string>();
  for (const h of tf.headers) {
    const priority = BODY_PRIORITY[h.action];
    const distinct = h.changes === undefined || !shown.has(h.changes);
    const resource = `${h.action} ${resourceOf(h.address)}`;
    if (priority && distinct && h.blockTo !== undefined && h.blockTo - h.from < MAX_BODY_LINES) {
      cite({ stream: h.stream, from: h.from, to: h.blockTo, label: `${h.action}: ${h.address}`, kind: h.action === 'drift' ? 'drift' : 'change', priority });
      if (h.changes !== undefined) shown.add(h.changes);
    } else if (h.action !== 'delete' && h.action !== 'replace') cite({ stream: h.stream, from: h.from, to: h.to, label: h.action, kind: h.action, priority: named.has(resource) ? 'low' : 'normal' });
    named.add(resource);
  }
}

function describeDiagnostic(d: Diagnostic): string {
  const where = d.at ? ` (${d.at})` : '';
  return `${d.summary}${where}`;
}

function diagnosticField(d: Diagnostic): Record<string, string> {
  const out: Record<string, string> = { summary: d.summary };
  if (d.at) out.at = d.at;
  if (d.resource) out.resource = d.resource;
  if (d.detail) out.detail = d.detail;
  return out;
}
