/**
 * Line-by-line reading of Terraform / OpenTofu human output (plan, apply, destroy, init, validate)
 * with bounded state: resource action headers, the `Plan:` and `Apply complete!` lines, progress
 * (`Creating...`, `Creation complete after 8m19s`), and diagnostics in both the boxed (`╷ │ Error:`)
 * and the plain (`Error:` at column 0, -no-color or older releases) forms.
 */
import type { StreamName } from '../../core/types.js';

export type PlanAction = 'create' | 'delete' | 'replace' | 'update' | 'read' | 'move' | 'import' | 'forget' | 'drift';

export interface ResourceHeader {
  address: string;
  action: PlanAction;
  /** The header as written after the address ("is tainted, so must be replaced"). */
  phrase: string;
  stream: StreamName;
  from: number;
  to: number;
  /** The last line of the resource's block (its closing brace), when it was seen: the attributes that change. */
  blockTo?: number;
  /** The block's value changes (`~ image = "a" -> "b"`; not the values known only after apply, such as a new id) with
   * the resource type: blocks that change the same way share it. */
  changes?: string;
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  summary: string;
  detail?: string;
  /** `main.tf:7` from `on main.tf line 7, in ...`. */
  at?: string;
  /** The resource from `with terraform_data.migrate,`. */
  resource?: string;
  stream: StreamName;
  from: number;
  to: number;
  boxed: boolean;
}

export interface LineRef {
  stream: StreamName;
  n: number;
  text: string;
}

const HEADER =
  /^\s*# (.+?)(?: \(deposed object \w+\))? (will be created|will be destroyed|must be replaced|is tainted, so must be replaced|will be replaced, as requested|will be replaced due to changes in replace_triggered_by|will be updated in-place|will be read during apply|has moved to \S+|will be imported|will be forgotten|will no longer be managed by (?:Terraform|OpenTofu)|has been deleted|has changed)$/;
const REASON = /^\s*# \((?:because|moved from|config refers|.*?\bwill\b).*\)$/;
const PLAN = /^Plan: (\d+ to [a-z]+(?:, \d+ to [a-z]+)*)\.?\s*$/;
/** Lines of an `Outputs:` block cited with the outcome. */
const MAX_OUTPUT_LINES = 40;
const DONE = /^(Apply|Destroy) complete! Resources: (.*?)\.?\s*$/;
const NO_CHANGES = /^No changes\. /;
const PROGRESS_START = /^(\S.*?): (Creating|Destroying|Modifying)\.\.\.(?: \[id=.*\])?$/;
const PROGRESS_DONE = /^(\S.*?): (Creation|Destruction|Modifications) complete after (\S+?)(?: \[id=.*\])?$/;
const STILL = /^\S.*?: Still (?:creating|destroying|modifying|reading)\.\.\. \[/;
const INIT_OK = /^(?:Terraform|OpenTofu) has been successfully initialized!/;
const VALID_OK = /^Success! The configuration is valid/;
const PROVIDER = /^- (?:Installed|Using previously-installed|Using) (\S+) (v\d\S*)/;
const DIAG_PLAIN = /^(Error|Warning): (.+)$/;
const DIAG_BOXED = /^│ (Error|Warning): (.+)$/;
const DIAG_ON = /^[│\s]*on (.+?) line (\d+)/;
const DIAG_WITH = /^[│\s]*with (.+?),\s*$/;

/** A resource block longer than this is not followed to its end (its header still counts). */
const MAX_BLOCK_LINES = 400;

/** Headers kept (destroys and replaces first-come; a few samples of other actions); all are counted. */
const MAX_HEADERS = 2000;

interface MachineEvent {
  '@message'?: string;
  type?: string;
  change?: { resource?: { addr?: string }; action?: string };
  diagnostic?: { severity?: string; summary?: string; detail?: string; address?: string; range?: { filename?: string; start?: { line?: number } } };
}

const MACHINE_ACTIONS: Record<string, PlanAction> = { create: 'create', delete: 'delete', replace: 'replace', update: 'update', read: 'read', move: 'move', import: 'import', forget: 'forget', remove: 'forget' };
const MAX_DIAGNOSTICS = 40;
const MAX_PLAIN_DIAG_LINES = 40;
const MAX_IN_FLIGHT = 200;

/** Seconds in a Terraform duration: `8m19s`, `2h1m0s`, `450ms`. */
export function durationSeconds(text: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(text);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0) + Number(match[4] ?? 0) / 1000;
}

/** A resource's address without its keys and indexes: `terraform_data.deployment["a/eu"]` → `terraform_data.deployment[]`. */
export function resourceOf(address: string): string {
  return address.replace(/\[[^\]]*\]/g, '[]');
}

function actionOf(phrase: string): PlanAction {
  if (phrase === 'will be created') return 'create';
  if (phrase === 'will be destroyed') return 'delete';
  if (phrase.includes('replaced')) return 'replace';
  if (phrase === 'will be updated in-place') return 'update';
  if (phrase === 'will be read during apply') return 'read';
  if (phrase.startsWith('has moved')) return 'move';
  if (phrase === 'will be imported') return 'import';
  if (phrase === 'has been deleted' || phrase === 'has changed') return 'drift';
  return 'forget';
}

export class TerraformText {
  /** Destroy and replace headers first-come; others only counted past a few samples. */
  readonly headers: ResourceHeader[] = [];
  readonly actionCounts: Partial<Record<PlanAction, number>> = {};
  headersDropped = 0;
  plan: { counts: Record<string, number>; line: LineRef } | null = null;
  done: { kind: 'Apply' | 'Destroy'; counts: Record<string, number>; line: LineRef } | null = null;
  noChanges: LineRef | null = null;
  initOk: LineRef | null = null;
  validOk: LineRef | null = null;
  readonly providers: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  diagnosticsDropped: Record<'error' | 'warning', number> = { error: 0, warning: 0 };
  readonly completed: Record<'Creation' | 'Destruction' | 'Modifications', number> = { Creation: 0, Destruction: 0, Modifications: 0 };
  /** The slowest completions, slowest first. */
  readonly slowest: Array<{ text: string; seconds: number; line: LineRef }> = [];
  stillLines = 0;
  /** Resources whose Creating/Destroying/Modifying never completed (what a failed apply left half-done). */
  readonly inFlight = new Map<string, { verb: string; line: LineRef }>();
  recognised = 0;
  /** The `Outputs:` block after an apply (`name = value` lines): part of the outcome. */
  outputs: { stream: StreamName; from: number; to: number; bytes: number; open: boolean; names: string[] } | null = null;

  private box: Diagnostic | null = null;
  private plain: (Diagnostic & { lines: number; lastText: number }) | null = null;
  private lastHeader: ResourceHeader | null = null;
  /** The header whose block is being read, and the closing brace that ends it (the header's indent plus two). */
  private block: { header: ResourceHeader; close: string; changes: string[] } | null = null;
  private wantDetail: Diagnostic | null = null;

  line(stream: StreamName, n: number, text: string): void {
    const outputs = this.outputs;
    if (outputs?.open && outputs.stream === stream) {
      // `name = value`, a multi-line value's continuation (indented or closing bracket), or the blank line after the header.
      if ((text === '' && n === outputs.from + 1) || (/^(?:[\w-]+ = |\s+\S|[\]})>]|EOT$)/.test(text) && n - outputs.from < MAX_OUTPUT_LINES)) {
        outputs.to = n;
        outputs.bytes += text.length + 8;
        const name = /^([\w-]+) = /.exec(text);
        if (name && outputs.names.length < 40) outputs.names.push(name[1]!);
        return;
      }
      outputs.open = false;
    }
    if (text === 'Outputs:' && !this.outputs) {
      this.outputs = { stream, from: n, to: n, bytes: 40, open: true, names: [] };
      this.recognised++;
      return;
    }
    if (this.box && this.box.stream === stream) {
      if (this.readBoxLine(n, text)) return;
    }
    if (this.plain && this.plain.stream === stream) {
      if (this.readPlainLine(n, text)) return;
    }
    if (text === '╷') {
      this.box = { severity: 'error', summary: '', stream, from: n, to: n, boxed: true };
      return;
    }
    let m = DIAG_PLAIN.exec(text);
    if (m) {
      this.plain = { severity: m[1] === 'Error' ? 'error' : 'warning', summary: m[2]!.trim(), stream, from: n, to: n, boxed: false, lines: 1, lastText: n };
      this.wantDetail = this.plain;
      this.recognised++;
      return;
    }
    if (text.startsWith('{"@level"')) {
      this.readMachineLine(stream, n, text);
      return;
    }
    m = DIAG_BOXED.exec(text);
    if (m) {
      // A box whose opening line was lost (output cut at the start): open it here.
      this.box = { severity: m[1] === 'Error' ? 'error' : 'warning', summary: m[2]!.trim(), stream, from: n, to: n, boxed: true };
      this.wantDetail = this.box;
      return;
    }
    this.readPlanLine(stream, n, text);
  }

  /** Call once at the end: closes a diagnostic still open. */
  end(): void {
    if (this.box) this.closeDiagnostic(this.box);
    if (this.plain) this.closePlain();
  }

  private readBoxLine(n: number, text: string): boolean {
    const box = this.box!;
    if (text === '╵') {
      box.to = n;
      this.closeDiagnostic(box);
      this.box = null;
      return true;
    }
    if (!text.startsWith('│')) {
      // The box ended without its closing mark.
      this.closeDiagnostic(box);
      this.box = null;
      return false;
    }
    box.to = n;
    const m = DIAG_BOXED.exec(text);
    if (m && !box.summary) {
      box.severity = m[1] === 'Error' ? 'error' : 'warning';
      box.summary = m[2]!.trim();
      this.wantDetail = box;
      return true;
    }
    this.readDiagnosticBody(box, text.replace(/^│ ?/, ''));
    return true;
  }

  private readPlainLine(n: number, text: string): boolean {
    const plain = this.plain!;
    const ends = DIAG_PLAIN.test(text) || text === '╷' || /^─{10,}$|^Note: |^Changes to Outputs:|^No changes\. |^(?:Apply|Destroy) complete!/.test(text) || DIAG_BOXED.test(text) || PROGRESS_START.test(text) || PROGRESS_DONE.test(text) || PLAN.test(text) || HEADER.test(text) || plain.lines >= MAX_PLAIN_DIAG_LINES;
    if (ends) {
      this.closePlain();
      return false;
    }
    plain.lines++;
    if (text.trim() !== '') plain.lastText = n;
    this.readDiagnosticBody(plain, text);
    return true;
  }

  private readDiagnosticBody(diag: Diagnostic, body: string): void {
    const on = DIAG_ON.exec(body);
    if (on && !diag.at) {
      diag.at = `${on[1]}:${on[2]}`;
      return;
    }
    const withResource = DIAG_WITH.exec(body);
    if (withResource && !diag.resource) {
      diag.resource = withResource[1]!;
      return;
    }
    const trimmed = body.trim().replace(/^\*\s+/, '');
    if (this.wantDetail === diag && trimmed !== '' && !/^\d+:/.test(trimmed)) {
      diag.detail = trimmed.length > 200 ? trimmed.slice(0, 200) + '…' : trimmed;
      this.wantDetail = null;
    }
  }

  private closePlain(): void {
    const plain = this.plain!;
    plain.to = plain.lastText;
    const { lines: _lines, lastText: _last, ...diag } = plain;
    this.closeDiagnostic(diag);
    this.plain = null;
  }

  private closeDiagnostic(diag: Diagnostic): void {
    if (this.wantDetail === diag) this.wantDetail = null;
    if (!diag.summary) return;
    // `Error: 1 error occurred:` says nothing; its first `* detail` line is the message.
    if (/^\d+ errors? occurred:?$/.test(diag.summary) && diag.detail) {
      diag.summary = diag.detail;
      delete diag.detail;
    }
    this.recognised++;
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) this.diagnosticsDropped[diag.severity]++;
    else this.diagnostics.push(diag);
  }

  private readPlanLine(stream: StreamName, n: number, text: string): void {
    const line = { stream, n, text };
    const header = HEADER.exec(text);
    const block = this.block;
    if (block && (header || block.header.stream !== stream || n - block.header.from > MAX_BLOCK_LINES)) this.block = null;
    else if (block && text === block.close) {
      block.header.blockTo = n;
      block.header.changes = [resourceOf(block.header.address), ...block.changes].join('\n');
      this.block = null;
      return;
    } else if (block && block.changes.length < 40 && / -> /.test(text) && !/-> \(known after apply\)/.test(text) && /^\s*[~+-]/.test(text)) block.changes.push(text.trim());
    if (header) {
      const action = actionOf(header[2]!);
      this.actionCounts[action] = (this.actionCounts[action] ?? 0) + 1;
      this.recognised++;
      const entry: ResourceHeader = { address: header[1]!, action, phrase: header[2]!, stream, from: n, to: n };
      this.lastHeader = entry;
      const keep = action === 'delete' || action === 'replace' || this.headers.filter((h) => h.action === action).length < 20;
      if (keep && this.headers.length < MAX_HEADERS) {
        this.headers.push(entry);
        // `  # addr will be …` opens `  ~ resource "t" "n" {`, closed by `    }`: deeper braces close nested blocks.
        this.block = { header: entry, close: `${' '.repeat(/^ */.exec(text)![0].length + 2)}}`, changes: [] };
      } else this.headersDropped++;
      return;
    }
    if (this.lastHeader && this.lastHeader.stream === stream && this.lastHeader.to === n - 1 && REASON.test(text)) {
      this.lastHeader.to = n;
      return;
    }
    let m = PLAN.exec(text);
    if (m) {
      this.plan = { counts: countPairs(m[1]!, /(\d+) to ([a-z]+)/g), line };
      this.recognised++;
      return;
    }
    m = DONE.exec(text);
    if (m) {
      this.done = { kind: m[1] as 'Apply' | 'Destroy', counts: countPairs(m[2]!, /(\d+) ([a-z]+)/g), line };
      this.recognised++;
      return;
    }
    if (STILL.test(text)) {
      this.stillLines++;
      return;
    }
    m = PROGRESS_START.exec(text);
    if (m) {
      this.recognised++;
      if (this.inFlight.size < MAX_IN_FLIGHT) this.inFlight.set(m[1]!, { verb: m[2]!, line });
      return;
    }
    m = PROGRESS_DONE.exec(text);
    if (m) {
      this.recognised++;
      this.inFlight.delete(m[1]!);
      this.completed[m[2] as keyof TerraformText['completed']]++;
      this.noteSlow({ text: text.replace(/ \[id=.*\]$/, ''), seconds: durationSeconds(m[3]!), line });
      return;
    }
    if (NO_CHANGES.test(text)) this.noChanges = line;
    else if (INIT_OK.test(text)) this.initOk = line;
    else if (VALID_OK.test(text)) this.validOk = line;
    else {
      m = PROVIDER.exec(text);
      if (m && this.providers.length < 20) this.providers.push(`${m[1]} ${m[2]}`);
      else return;
    }
    this.recognised++;
  }

  /** `-json` machine-readable UI: one JSON object a line (https://developer.hashicorp.com/terraform/internals/machine-readable-ui). */
  private readMachineLine(stream: StreamName, n: number, text: string): void {
    let event: MachineEvent;
    try {
      event = JSON.parse(text) as MachineEvent;
    } catch {
      return;
    }
    this.recognised++;
    if ((event.type === 'planned_change' || event.type === 'resource_drift') && event.change?.resource?.addr) {
      const action: PlanAction = event.type === 'resource_drift' ? 'drift' : MACHINE_ACTIONS[event.change.action ?? ''] ?? 'update';
      if (event.change.action === 'noop') return;
      this.actionCounts[action] = (this.actionCounts[action] ?? 0) + 1;
      const keep = action === 'delete' || action === 'replace' || this.headers.filter((h) => h.action === action).length < 20;
      if (keep && this.headers.length < MAX_HEADERS) this.headers.push({ address: event.change.resource.addr, action, phrase: event['@message'] ?? action, stream, from: n, to: n });
      else this.headersDropped++;
      return;
    }
    if (event.type === 'diagnostic' && event.diagnostic) {
      const d = event.diagnostic;
      const diag: Diagnostic = { severity: d.severity === 'warning' ? 'warning' : 'error', summary: d.summary ?? '', stream, from: n, to: n, boxed: false };
      if (d.detail) diag.detail = d.detail.length > 200 ? d.detail.slice(0, 200) + '…' : d.detail;
      if (d.range?.filename) diag.at = `${d.range.filename}:${d.range.start?.line ?? '?'}`;
      if (d.address) diag.resource = d.address;
      this.closeDiagnostic(diag);
      return;
    }
    if (typeof event['@message'] === 'string' && event.type !== 'version') this.readPlanLine(stream, n, event['@message']);
  }

  private noteSlow(entry: { text: string; seconds: number; line: LineRef }): void {
    if (entry.seconds <= 0) return;
    this.slowest.push(entry);
    this.slowest.sort((a, b) => b.seconds - a.seconds || a.line.n - b.line.n);
    if (this.slowest.length > 3) this.slowest.pop();
  }
}

function countPairs(text: string, pattern: RegExp): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(pattern)) counts[m[2]!] = Number(m[1]);
  return counts;
}
