/**
 * Secret redaction: masks credentials as `[REDACTED:<kind> …<last4>]`, keeping the text around them.
 *
 * Works line by line so line numbers never move (citations point at lines). Two kinds of secret span
 * lines, and a small state machine follows them:
 * - PEM private-key blocks: the BEGIN and END lines stay, every line between is masked.
 * - Kubernetes Secret `data:` / `stringData:` values in YAML and pretty JSON (kubectl prints `data`
 *   before `kind`, so values under `data:` of a manifest are masked when they look like base64, and
 *   always once `kind: Secret` was seen).
 * Both are followed behind a log's line prefix (`docker compose logs` service names, `kubectl logs
 * --timestamps`, CI timestamps, `[pod/x/c]`, `gh run view --log` job and step columns): the prefix is
 * set aside, the rest goes through the state machine, and the prefix is put back. Block scalars
 * (`key: |`) inside Secret data are masked line by line, and so is the value after a secret flag that
 * stands alone on its line (`- --requirepass` then `- X` in a container's args, pretty JSON argv).
 * `redactSecrets()` runs the same redactor over a whole string.
 */
import { createLiteralSet, type LiteralHits } from './literals.js';
import { SECRET_RULES, isPlaceholder, type SecretRule } from './secret-rules.js';

export interface RedactionResult {
  text: string;
  /** Secrets masked, by kind. */
  counts: Record<string, number>;
}

export interface Redactor {
  /** Redacts one line (without its newline). */
  line(text: string): string;
  /** Secrets masked so far, by kind. */
  counts(): Record<string, number>;
}

/** The mask for one secret. The last four characters are kept only for secrets of 12 or more. */
export function maskSecret(kind: string, secret: string, showTail = true): string {
  const tail = showTail && secret.length >= 12 ? ` …${secret.slice(-4)}` : '';
  return `[REDACTED:${kind}${tail}]`;
}

/** Masks every secret in a text; the same as feeding each line to `createRedactor()`. */
export function redactSecrets(text: string): RedactionResult {
  const redactor = createRedactor();
  const out = text.split('\n').map((line) => redactor.line(line));
  return { text: out.join('\n'), counts: redactor.counts() };
}

// One pass finds the rules whose hints occur; only those run.
const HINTS = createLiteralSet([...SECRET_RULES.flatMap((r) => r.hints), '"secret"']);
const SECRET_KIND_ID = HINTS.idOf('"secret"');
const RULES = SECRET_RULES.map((rule) => ({ rule, hints: rule.hints.map((h) => HINTS.idOf(h)) }));
const PEM_BEGIN = /-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----/;
const PEM_END = /-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----/;
const PEM_BODY = /^(\s*)(?:[A-Za-z0-9+/=]{1,200}|(?:Proc-Type|DEK-Info|Comment|Version):.*|)\s*$/;
const K8S_START = /^\s*(?:- )?"?apiVersion"?\s*:/;
const K8S_KIND = /^\s*(?:- )?"?kind"?\s*:\s*"?(\w+)/;
const YAML_DATA = /^(\s*)(?:- )?(data|stringData):\s*$/;
const JSON_DATA = /^(\s*)"(data|stringData)"\s*:\s*\{\s*$/;
const YAML_ENTRY = /^(\s+)([\w.-]{1,253}):[ \t]+(?![|>])(.+?)\s*$/;
const YAML_BLOCK_SCALAR = /^(\s+)[\w.-]{1,253}:[ \t]+[|>][-+0-9]{0,3}\s*$/;
/**
 * A log's per-line prefix, repeated at most three times: ISO timestamps (one space after: the rest keeps its
 * indentation), compose service names (`web-1  | `), kubectl `--prefix` (`[pod/x/c] `), syslog headers,
 * `gh run view --log` job and step columns.
 */
export const LINE_PREFIX =
  /^(?:(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? |[\w.-]{1,64}\s{0,40}\| ?|\[[^\]\n]{1,120}\] |[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,64} [^:\s]{1,64}: |[^\t\n]{1,200}\t[^\t\n]{1,200}\t)){1,3}/;
// A secret flag alone on its line: its value is the next line (YAML/JSON argv lists, `\`-continued commands).
const LONE_FLAG = /^\s*(?:- )?["']?--(?:password|passwd|requirepass|masterauth|token|secret|api-key|apikey|access-token|auth-token|client-secret|private-key)["']?,?\s*\\?\s*$/i;
const LONE_VALUE = /^(\s*(?:- )?["']?)([^\s"',\\]+)(["']?,?\s*\\?\s*)$/;
const JSON_ENTRY = /^(\s*)"([\w.-]{1,253})"\s*:\s*"([^"]*)"(,?)\s*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const COMPACT_SECRET = /"kind"\s*:\s*"Secret"/;
const COMPACT_DATA = /"(?:data|stringData)"\s*:\s*\{([^{}]{0,1000000})\}/g;
const COMPACT_PAIR = /("[\w.-]{1,253}"\s*:\s*")([^"\\]*)(")/g;

interface DataBlock {
  indent: number;
  json: boolean;
  stringData: boolean;
  /** Indentation of a `key: |` entry whose block scalar lines follow, or -1. */
  scalar: number;
}

export interface RedactorOptions {
  /**
   * Treat the text as a Kubernetes manifest from the start: for excerpts cut out of one, where the
   * `apiVersion` line that opens the manifest is not part of the excerpt.
   */
  manifest?: boolean;
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  const counts: Record<string, number> = {};
  const count = (kind: string): void => {
    counts[kind] = (counts[kind] ?? 0) + 1;
  };
  let inPem = false;
  let pemLines = 0;
  let inManifest = options.manifest ?? false;
  let kind: string | null = null;
  let block: DataBlock | null = null;
  const hintHits = HINTS.newHits();

  const maskDataValue = (value: string, stringData: boolean): string | null => {
    const v = value.replace(/^["']|["']$/g, '');
    if (!v || isPlaceholder(v)) return null;
    if (stringData || kind === 'Secret') return v;
    // Kind not known yet (kubectl prints data before kind): mask what is plainly base64.
    const plain = BASE64.test(v) && (v.endsWith('=') || v.length >= 16 || (/[0-9+/]/.test(v) && /[A-Z]/.test(v)));
    return plain && kind === null ? v : null;
  };

  const k8sLine = (text: string): string | null => {
    if (K8S_START.test(text) && !block) {
      inManifest = true;
      kind = null;
    }
    const k = K8S_KIND.exec(text);
    if (k && !block) kind = k[1] ?? null;
    if (/^---\s*$/.test(text)) {
      inManifest = false;
      kind = null;
      block = null;
      return null;
    }
    if (block) {
      const indent = /^\s*/.exec(text)?.[0].length ?? 0;
      const closes = block.json ? /^\s*\}/.test(text) : text.trim() !== '' && indent <= block.indent;
      if (closes) {
        block = null;
        return null;
      }
      if (block.scalar >= 0) {
        if (text.trim() === '') return null;
        if (indent > block.scalar) {
          const v = text.trim();
          if (v.startsWith('[REDACTED') || PEM_BEGIN.test(v) || PEM_END.test(v)) return null;
          if (!block.stringData && kind !== 'Secret' && !(kind === null && BASE64.test(v))) return null;
          count('k8s-secret-data');
          return `${text.slice(0, indent)}${maskSecret('k8s-secret-data', v)}`;
        }
        block.scalar = -1;
      }
      if (!block.json) {
        const scalar = YAML_BLOCK_SCALAR.exec(text);
        if (scalar) {
          block.scalar = (scalar[1] ?? '').length;
          return null;
        }
      }
      const m = (block.json ? JSON_ENTRY : YAML_ENTRY).exec(text);
      if (!m) return null;
      const secret = maskDataValue(m[3] ?? '', block.stringData);
      if (secret === null) return null;
      count('k8s-secret-data');
      const quoted = block.json || /^["']/.test(m[3] ?? '');
      const q = quoted ? '"' : '';
      return `${m[1]}${block.json ? `"${m[2]}"` : m[2]}: ${q}${maskSecret('k8s-secret-data', secret)}${q}${block.json ? (m[4] ?? '') : ''}`;
    }
    if (inManifest && kind !== 'ConfigMap') {
      const y = YAML_DATA.exec(text) ?? JSON_DATA.exec(text);
      if (y) block = { indent: (y[1] ?? '').length, json: text.includes('"'), stringData: y[2] === 'stringData', scalar: -1 };
    }
    return null;
  };

  let loneFlag = false;

  /** The multi-line state machine over a line without its log prefix; null when it leaves the line as it is. */
  const stateful = (text: string): string | null => {
    if (loneFlag && text.trim() !== '') {
      loneFlag = false;
      const v = LONE_VALUE.exec(text);
      if (v && !isPlaceholder(v[2] ?? '')) {
        count('secret-flag');
        return `${v[1]}${maskSecret('secret-flag', v[2] ?? '')}${v[3]}`;
      }
    }
    if (LONE_FLAG.test(text)) loneFlag = true;
    if (inPem) {
      if (PEM_END.test(text)) {
        inPem = false;
        return null;
      }
      const body = PEM_BODY.exec(text);
      if (body && pemLines < 1000) {
        if (text.trim() === '') return null;
        if (pemLines++ === 0) count('private-key');
        return `${body[1] ?? ''}${maskSecret('private-key', '', false)}`;
      }
      inPem = false;
    }
    if (PEM_BEGIN.test(text) && !PEM_END.test(text)) {
      inPem = true;
      pemLines = 0; // the block is counted at its first masked line, so redacting twice counts nothing
      return null;
    }
    return k8sLine(text);
  };

  return {
    line(text) {
      // Cheap literal checks first: most log lines are in no multi-line state and start none.
      if (inPem || block !== null || loneFlag || inManifest || text.includes('-----') || text.includes('apiVersion') || text.includes('--')) {
        const prefix = LINE_PREFIX.exec(text)?.[0] ?? '';
        const done = stateful(prefix ? text.slice(prefix.length) : text);
        if (done !== null) return prefix + done;
      }
      const hits = HINTS.scan(text, hintHits);
      if (hits.ids.length === 0) return text;
      const out = hits.found[SECRET_KIND_ID] === 1 && COMPACT_SECRET.test(text) ? maskCompactSecret(text, count) : text;
      return applyRules(out, hits, count);
    },
    counts: () => ({ ...counts }),
  };
}

/** Values inside `"data": {...}` of a Kubernetes Secret printed as compact JSON on one line. */
function maskCompactSecret(line: string, count: (kind: string) => void): string {
  return line.replace(COMPACT_DATA, (whole: string) =>
    whole.replace(COMPACT_PAIR, (_m: string, pre: string, value: string, post: string) => {
      if (!value || isPlaceholder(value)) return `${pre}${value}${post}`;
      count('k8s-secret-data');
      return `${pre}${maskSecret('k8s-secret-data', value)}${post}`;
    }),
  );
}

/** Runs, in table order, the rules whose hints occur in the line as given. */
function applyRules(line: string, hits: LiteralHits, count: (kind: string) => void): string {
  let out = line;
  for (const { rule, hints } of RULES) {
    if (hints.some((id) => hits.found[id] === 1)) out = applyRule(rule, out, count);
  }
  return out;
}

function applyRule(rule: SecretRule, line: string, count: (kind: string) => void): string {
  const re = rule.re;
  re.lastIndex = 0;
  let out = '';
  let last = 0;
  let masked = false;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const groups = m.groups ?? {};
    const name = ['s', 'dq', 'sq', 'eq', 'bare'].find((g) => groups[g] !== undefined);
    const span: readonly [number, number] | undefined = name ? m.indices?.groups?.[name] : [m.index, m.index + m[0].length];
    if (!span) continue;
    const [start, end] = span;
    const secret = line.slice(start, end);
    if (secret.includes('[REDACTED') || (rule.validate && !rule.validate(secret, groups))) continue;
    const kind = rule.kindOf ? rule.kindOf(groups) : rule.kind;
    out += line.slice(last, start) + maskSecret(kind, secret, rule.showTail ?? true);
    last = end;
    masked = true;
    count(kind);
  }
  return masked ? out + line.slice(last) : line;
}
