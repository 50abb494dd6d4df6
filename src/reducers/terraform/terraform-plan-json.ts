/**
 * `terraform show -json plan.tfplan` (and `tofu show -json`): the machine-readable plan.
 * `resource_changes[].change.actions` says what happens to each address; `["delete","create"]`
 * (or the reverse) is a replacement. Schema: https://developer.hashicorp.com/terraform/internals/json-format
 */
import type { Bullet, CitationDraft, JsonStyle, Omission, PacketParts } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { foldAddressRuns, listHead } from '../generic/address-runs.js';

/** Whether a parsed document is a Terraform plan or state in the JSON output format. */
export function isTerraformJson(doc: unknown): doc is Record<string, unknown> {
  return isPlainObject(doc) && typeof doc.format_version === 'string' && ('resource_changes' in doc || 'planned_values' in doc || 'terraform_version' in doc);
}

const LISTED = 200;

function actionKey(actions: unknown): string {
  if (!Array.isArray(actions)) return 'unknown';
  const list = actions.map(String);
  if (list.includes('delete') && list.includes('create')) return 'replace';
  return list.join('+') || 'unknown';
}

/** Packet parts for a JSON plan: counts by action, every delete and replace cited by pointer. */
export function distillPlanJson(doc: Record<string, unknown>, style: JsonStyle, refs: { nextRef(): string }, failedExit: boolean): PacketParts {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const omitted: Omission[] = [];
  const fields: PacketParts['fields'] = {};
  const rootRef = refs.nextRef();
  const versions: Record<string, unknown> = {};
  for (const key of ['format_version', 'terraform_version']) if (key in doc) versions[key] = doc[key];
  citations.push({ ref: rootRef, stream: 'stdout', pointer: '', label: 'plan document', priority: 'mandatory', excerpt: [renderJson(new PartialObject(versions, Object.keys(doc).length - Object.keys(versions).length), { style })] });

  const changes = Array.isArray(doc.resource_changes) ? doc.resource_changes : [];
  const byAction: Record<string, number> = {};
  const lists: Record<string, string[]> = {};
  const decisive: Record<string, string[]> = { delete: [], replace: [] };
  changes.forEach((item, index) => {
    if (!isPlainObject(item)) return;
    const change = isPlainObject(item.change) ? item.change : {};
    const action = actionKey(change.actions);
    byAction[action] = (byAction[action] ?? 0) + 1;
    const address = typeof item.address === 'string' ? item.address : `#${index}`;
    if (action === 'no-op' || action === 'read') return;
    const list = (lists[action] ??= []);
    if (action === 'delete' || action === 'replace') {
      list.push(address);
      const ref = refs.nextRef();
      decisive[action]!.push(ref);
      const view: Record<string, unknown> = { address, change: new PartialObject({ actions: change.actions }, Object.keys(change).length - 1) };
      if ('action_reason' in item) view.action_reason = item.action_reason;
      citations.push({ ref, stream: 'stdout', pointer: pointerJoin('/resource_changes', index), label: action === 'delete' ? 'destroy' : 'replace', kind: action, priority: 'mandatory', excerpt: [renderJson(new PartialObject(view, Object.keys(item).length - Object.keys(view).length + 1), { style })] });
    } else if (list.length < LISTED) list.push(address);
  });
  fields.actions = byAction;
  for (const key of ['delete', 'replace']) if (lists[key]?.length) fields[key] = lists[key]!;

  const counts = Object.entries(byAction).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([a, n]) => `${a} ${count(n)}`);
  summary.push({ text: `plan JSON${typeof doc.terraform_version === 'string' ? ` from Terraform ${doc.terraform_version}` : ''}: ${plural(changes.length, 'resource change')} (${counts.join(', ') || 'none'})`, cites: [rootRef], fields: ['actions'] });
  const deletes = lists.delete?.length ?? 0;
  const replaces = lists.replace?.length ?? 0;
  if (deletes) summary.push({ text: `destroys ${plural(deletes, 'resource')}: ${listHead(lists.delete!, 6)}`, cites: decisive.delete!.slice(0, 4), fields: ['delete'], priority: 'mandatory' });
  if (replaces) summary.push({ text: `replaces ${plural(replaces, 'resource')}: ${listHead(lists.replace!, 6)}`, cites: decisive.replace!.slice(0, 4), fields: ['replace'], priority: 'mandatory' });
  for (const [action, list] of Object.entries(lists)) {
    if (action === 'delete' || action === 'replace') continue;
    summary.push({ text: `${action}: ${listHead(foldAddressRuns(list), 8)}`, fields: ['actions'] });
  }
  const outputs = isPlainObject(doc.output_changes) ? Object.keys(doc.output_changes).length : 0;
  if (outputs) fields.outputChanges = outputs;
  const errored = doc.errored === true;
  if (errored) summary.push({ text: 'the plan is marked errored', fields: ['errored'] });
  if (errored) fields.errored = true;
  return { status: failedExit || errored ? 'fail' : deletes + replaces > 0 ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.9 };
}
