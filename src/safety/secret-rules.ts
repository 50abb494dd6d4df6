/**
 * The secret rule table: one entry per kind of credential, as data.
 *
 * Each rule names its kind (shown in the mask), a few literal hints of which one must appear in the line
 * before its regex runs (the cheap pre-filter), the regex, and where it helps a validation (character
 * mix, placeholders, excluded key names). A named group `s` marks the secret inside the match; without
 * it the whole match is the secret. Only the secret is masked, so `password=` and URLs keep their shape.
 *
 * Written by hand because secretlint's recommended preset needs Node 22. Shapes follow the vendors' docs
 * (prefix, length, alphabet); ordinary hashes (git SHAs, UUIDs, `sha512-` integrity, image digests,
 * base64 images) match none of them: every rule needs a vendor prefix or a key name next to the value.
 */

export interface SecretRule {
  readonly kind: string;
  /** Literals of 3+ characters (case-insensitive); the rule runs only when the line contains one of them. */
  readonly hints: readonly string[];
  /** Global, with indices (`gd`). Group `s` is the secret when present. */
  readonly re: RegExp;
  /** False keeps the match unmasked (placeholders, names that are not secrets, too little entropy). */
  readonly validate?: (secret: string, groups: Record<string, string | undefined>) => boolean;
  /** The kind from the match, when one rule covers several (key=value pairs name their kind by the key). */
  readonly kindOf?: (groups: Record<string, string | undefined>) => string;
  /** Show the last four characters in the mask (default: when the secret has at least 12). */
  readonly showTail?: boolean;
}

/** Values that stand for a secret without being one: `***`, `${TOKEN}`, `<password>`, `(sensitive value)`. */
const PLACEHOLDER =
  /^(?:\*+.*|x{3,}|X{3,}|\.{3,}|…|<[^>]*>?|\$\{?[A-Za-z_][\w.:-]*\}?.*|\$\(.*|%\(?\w*\)?s?|\{\{.*|\{%.*|\[.*\]|\(.*|null|nil|none|undefined|true|false|yes|no|on|off|redacted|masked|hidden|secret|password|token|changeme|change-me|example|dummy|placeholder|your[_-].*|env\(.*|process\.env.*|os\.environ.*|[A-Za-z_][\w.]*\(.*|[a-z_]+\.[a-z_][\w.]*|!Ref.*|!Sub.*|ref\+.*|vault:.*|secretRef.*|valueFrom.*)$/i;

export function isPlaceholder(value: string): boolean {
  // Prose closes what it opened: `(using password: YES)` ends its value with the parenthesis.
  const bare = value.replace(/[)\]}>,;.]+$/, '');
  return value.length === 0 || value.includes('[REDACTED') || PLACEHOLDER.test(value) || (bare !== value && PLACEHOLDER.test(bare));
}

/** Machine-made secrets mix character classes; plain words and kebab-case names do not. */
export function looksGenerated(value: string, minLength = 8): boolean {
  if (value.length < minLength || isPlaceholder(value)) return false;
  if (/^[a-z]+(?:[-_.][a-z]+)*$/i.test(value) && value.length < 24) return false;
  let classes = 0;
  if (/[a-z]/.test(value)) classes++;
  if (/[A-Z]/.test(value)) classes++;
  if (/[0-9]/.test(value)) classes++;
  if (/[^A-Za-z0-9]/.test(value)) classes++;
  return classes >= 2 || value.length >= 20;
}

const mixedCase = (s: string): boolean => /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s);
const notPlaceholder = (s: string): boolean => !isPlaceholder(s);
const generated = (s: string): boolean => looksGenerated(s);

// Key names of key=value pairs that hold secrets. A camelCase or snake prefix is allowed (dbPassword, client_secret).
const SECRET_KEY =
  String.raw`(?<key>[A-Za-z0-9_.-]{0,40}?(?:password|passwd|passphrase|pwd|pass|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|auth[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key|credentials?|requirepass|masterauth)(?:[_.-]?(?:base|b64|base64|hex|value|plain|raw))?)`;
// Names that end like a secret key but are not: pagination cursors, token counts, idempotency tokens, references.
const NOT_SECRET_KEY = new RegExp(
  [
    String.raw`(?:page|next|prev|sync|continuation|continue|cursor|pagination|max|min|num|total|count|input|output|prompt|completion|reasoning|cached|client|idempotency|verification)[_.-]?token$`,
    String.raw`(?:^|[_.-]|[a-z])(?:public|cache|sort|primary|partition|routing|foreign|row|object|lookup|hash|idempotency|host)[_.-]?key$`,
    String.raw`^(?:old)?pwd$`,
  ].join('|'),
  'i',
);
// A value: `${VAR}` (a placeholder, skipped whole), double-quoted, single-quoted, JSON-in-JSON escaped, or bare up
// to a delimiter. A bare value is taken whole (lookahead + backreference acts as an atomic group) and refused when
// code follows it (`cfg["db"]`, `getpass()`): then it is an expression, not a secret.
const VALUE = String.raw`(?:\$\{[^}\n]{0,200}\}|"(?<dq>(?:[^"\\\n]|\\[^\n])+)"|'(?<sq>[^'\n]+)'|\\"(?<eq>(?:[^"\\\n]|\\\\[^"\n])+)\\"|(?=(?<bare>[^\s"'\\,;&}{\[\]<>|\x60]+))\k<bare>(?![[(]))`;

/** `DB_PASSWORD` -> password, `clientSecret` -> secret, `GITHUB_TOKEN` -> token, `STRIPE_KEY` -> api-key. */
function kindFromKey(key: string): string {
  const k = key.toLowerCase();
  if (/pass|pwd/.test(k)) return 'password';
  if (/private[_-]?key/.test(k)) return 'private-key';
  if (/token|auth$/.test(k)) return 'token';
  if (/secret/.test(k)) return 'secret';
  if (/cred/.test(k)) return 'credentials';
  if (/dsn$/.test(k)) return 'dsn';
  return 'api-key';
}

const COOKIE_ATTRIBUTE = /^(?:path|domain|expires|max-age|samesite|secure|httponly|priority|partitioned|version|comment)$/i;

const kvValue = (g: Record<string, string | undefined>): string => g['dq'] ?? g['sq'] ?? g['eq'] ?? g['bare'] ?? '';

export const SECRET_RULES: readonly SecretRule[] = [
  // Private keys written on one line (JSON strings such as a GCP service-account "private_key", escaped logs).
  {
    kind: 'private-key',
    hints: ['private key'],
    re: /-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----(?<s>(?:\\[rn]|[^-]){16,16384}?)-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----/dg,
    showTail: false,
  },
  // AWS
  { kind: 'aws-access-key-id', hints: ['akia', 'asia', 'abia', 'acca'], re: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/dg },
  {
    kind: 'aws-secret-access-key',
    hints: ['secret'],
    re: /(?<![A-Za-z0-9])(?:aws[_-]?secret[_-]?(?:access[_-]?)?key|secret[_-]?access[_-]?key|aws[_-]?secret)["']?\s*(?:=|:|=>)\s*["']?(?<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dgi,
  },
  {
    kind: 'aws-session-token',
    hints: ['session', 'security-token'],
    re: /(?:aws[_-]?session[_-]?token|SessionToken|x-amz-security-token)["']?\s*(?:=|:)\s*["']?(?<s>[A-Za-z0-9/+=]{100,})/dgi,
  },
  // Google Cloud
  { kind: 'gcp-api-key', hints: ['aiza'], re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/dg },
  { kind: 'gcp-oauth-token', hints: ['ya29.'], re: /\bya29\.[0-9A-Za-z_-]{20,}/dg },
  { kind: 'gcp-client-secret', hints: ['gocspx-'], re: /\bGOCSPX-[0-9A-Za-z_-]{28}(?![0-9A-Za-z_-])/dg },
  // Azure
  {
    kind: 'azure-storage-key',
    hints: ['accountkey', 'accesskey', 'primarykey', 'secondarykey'],
    re: /\b(?:AccountKey|SharedAccessKey|PrimaryKey|SecondaryKey)\s*=\s*(?<s>[A-Za-z0-9+/]{20,}={0,2})/dg,
  },
  {
    kind: 'azure-sas-signature',
    hints: ['sig='],
    re: /[?&]sig=(?<s>[A-Za-z0-9%+/]{20,}(?:%3D|=){0,2})/dg,
  },
  {
    kind: 'azure-client-secret',
    hints: '0123456789'.split('').map((d) => `${d}q~`),
    re: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/dg,
  },
  // Source forges
  { kind: 'github-token', hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], re: /\bgh[pousr]_[A-Za-z0-9]{36,251}\b/dg },
  { kind: 'github-token', hints: ['github_pat_'], re: /\bgithub_pat_[A-Za-z0-9_]{70,}/dg },
  {
    kind: 'gitlab-token',
    hints: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'glimt-', 'glagent-', 'glsoat-', 'glffct-', 'gloas-'],
    re: /\bgl(?:pat|dt|rt|ptt|cbt|imt|agent|soat|ffct|oas)-[A-Za-z0-9_-]{20,}/dg,
  },
  { kind: 'gitlab-token', hints: ['gr1348941'], re: /\bGR1348941[A-Za-z0-9_-]{20,}/dg },
  // Chat and webhooks
  { kind: 'slack-token', hints: ['xox'], re: /\bxox[abposer]-(?:\d+-)?[A-Za-z0-9-]{10,}/dg },
  { kind: 'slack-token', hints: ['xapp-'], re: /\bxapp-\d-[A-Za-z0-9]+-\d+-[A-Za-z0-9]{20,}/dg },
  {
    kind: 'slack-webhook',
    hints: ['hooks.slack.com'],
    re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<s>[A-Za-z0-9/_-]{20,})/dg,
  },
  {
    kind: 'discord-webhook',
    hints: ['discord'],
    re: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/(?<s>[A-Za-z0-9_-]{60,})/dg,
  },
    // Also inside a Bot API URL path (`/bot123456789:AA…/sendMessage`), where no word boundary precedes the digits.
  { kind: 'telegram-bot-token', hints: [':aa'], re: /(?<![0-9])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/dg },
  { kind: 'telegram-bot-token', hints: ['telegram.org/bot'], re: /api\.telegram\.org\/(?:file\/)?bot(?<s>\d{5,12}:[A-Za-z0-9_-]{30,})/dg },
  // Payments and SaaS APIs
  { kind: 'stripe-key', hints: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], re: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}\b/dg },
  { kind: 'stripe-webhook-secret', hints: ['whsec_'], re: /\bwhsec_[A-Za-z0-9+/]{24,}/dg },
  { kind: 'anthropic-key', hints: ['sk-ant-'], re: /\bsk-ant-[A-Za-z0-9_-]{32,}/dg },
  {
    kind: 'openai-key',
    hints: ['sk-'],
    re: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/dg,
    validate: mixedCase,
  },
  { kind: 'huggingface-token', hints: ['hf_', 'api_org_'], re: /\b(?:hf_|api_org_)[A-Za-z0-9]{34,40}\b/dg, validate: (s) => /[A-Z]/.test(s) && /[a-z]/.test(s) },
  { kind: 'sendgrid-key', hints: ['sg.'], re: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/dg },
  { kind: 'mailgun-key', hints: ['key-'], re: /\bkey-[0-9a-f]{32}\b/dg },
  { kind: 'twilio-api-key', hints: '0123456789abcdef'.split('').map((h) => `sk${h}`), re: /\bSK[0-9a-f]{32}\b/dg },
  { kind: 'heroku-key', hints: ['hrku-'], re: /\bHRKU-[A-Za-z0-9_-]{60}\b/dg },
  { kind: 'digitalocean-token', hints: ['_v1_'], re: /\bdo[por]_v1_[a-f0-9]{64}\b/dg },
  { kind: 'shopify-token', hints: ['shpat_', 'shpca_', 'shppa_', 'shpss_'], re: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/dg },
  {
    kind: 'datadog-key',
    hints: ['dd_', 'dd-', 'datadog'],
    re: /(?:\bdd|datadog)[_-]?(?:api|app(?:lication)?)[_-]?key["']?\s*(?:=|:)\s*["']?(?<s>[a-f0-9]{32,40})\b/dgi,
  },
  { kind: 'linear-key', hints: ['lin_api_'], re: /\blin_api_[A-Za-z0-9]{40}\b/dg },
  { kind: 'notion-token', hints: ['ntn_'], re: /\bntn_[A-Za-z0-9]{40,}\b/dg },
  { kind: 'vault-token', hints: ['hvs.', 'hvb.'], re: /\bhv[sb]\.[A-Za-z0-9_-]{24,}/dg },
  { kind: 'age-secret-key', hints: ['age-secret-key-'], re: /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/dg },
  // Package registries
  { kind: 'npm-token', hints: ['npm_'], re: /\bnpm_[A-Za-z0-9]{36}\b/dg },
  {
    kind: 'npm-token',
    hints: ['_authtoken', '_auth', '_password'],
    re: /(?:\/\/[^\s:]{1,200}:|^\s*)_(?:authToken|auth|password)\s*=\s*["']?(?<s>[^\s"']+)/dg,
    validate: notPlaceholder,
  },
  {
    kind: 'docker-auth',
    hints: ['"auth"', '"identitytoken"'],
    re: /"(?:auth|identitytoken)"\s*:\s*"(?<s>[A-Za-z0-9+/=._-]{8,})"/dg,
    // Docker's `auth` is base64 of user:password; other `"auth"` fields (booleans, modes) do not decode to that.
    validate: (s) => s.length > 40 || Buffer.from(s, 'base64').toString('latin1').includes(':'),
  },
  { kind: 'pypi-token', hints: ['pypi-'], re: /\bpypi-AgE[A-Za-z0-9_-]{50,}/dg },
  { kind: 'docker-hub-token', hints: ['dckr_pat_', 'dckr_oat_'], re: /\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}/dg },
  // Generic shapes
  { kind: 'jwt', hints: ['eyj'], re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg },
  {
    kind: 'url-credentials',
    hints: ['://'],
    // The user may be empty (`redis://:pw@host`); the password runs to the last `@` before the host, so an
    // unencoded `@` inside it (`postgres://app:p@ss@db`) is masked with it.
    re: /\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}:\/\/[^\s:/@"'<>]{0,128}:(?<s>[^\s/"'<>]+)@(?=[^\s/@"'<>]{1,253})/dg,
    validate: notPlaceholder,
  },
  {
    kind: 'basic-auth',
    hints: ['basic'],
    re: /\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?Basic\s+(?<s>[A-Za-z0-9+/]{8,}={0,2})/dgi,
  },
  {
    kind: 'bearer-token',
    hints: ['bearer'],
    re: /\bBearer\s+(?<s>[A-Za-z0-9._~+/-]{16,}=*)/dgi,
    validate: generated,
  },
  {
    kind: 'auth-header',
    hints: ['authorization'],
    re: /\bAuthorization["']?\s*[:=]\s*["']?(?:token|Token|Bot|apikey|ApiKey|Key)\s+(?<s>[A-Za-z0-9._~+/-]{16,}=*)/dgi,
    validate: generated,
  },
  {
    kind: 'secret-flag',
    hints: ['--pass', '--token', '--secret', '--api', '--access-token', '--auth-token', '--client-secret', '--private-key', '--requirepass', '--masterauth'],
    re: /(?<![\w-])--(?:password|passwd|token|secret|api-key|apikey|access-token|auth-token|client-secret|private-key|requirepass|masterauth)(?:=|\s+|"\s*,\s*")(?:"(?<dq>[^"\n]+)"|'(?<sq>[^'\n]+)'|(?<bare>[^\s"']+))/dgi,
    validate: (_s, g) => !isPlaceholder(kvValue(g)) && !kvValue(g).startsWith('-'),
  },
  // Short flags that take a password, where the program says so: `mysql -pX`, `docker login -p X`,
  // `sshpass -p X`, `redis-cli -a X`, `curl -u user:X`. Also as JSON argv (`"-p","X"`).
  {
    kind: 'password-flag',
    hints: [' -p', '"-p', "'-p"],
    re: /\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlsh|mariadb|mariadb-dump)\b[^\n]{0,300}?\s["']?-p(?<s>[^\s"'-][^\s"']*)/dg,
    validate: notPlaceholder,
  },
  {
    kind: 'password-flag',
    hints: [' -p ', '"-p"', "'-p'", '--password'],
    re: /\b(?:login|sshpass)\b[^\n]{0,300}?(?:\s|"\s*,\s*)["']?(?:-p|--password)(?:\s+|=|["']\s*,\s*["'])["']?(?<s>[^\s"']+)/dg,
    validate: (s) => !isPlaceholder(s) && !s.startsWith('-'),
  },
  {
    kind: 'password-flag',
    hints: [' -a ', '"-a"', "'-a'"],
    re: /\bredis-cli\b[^\n]{0,300}?(?:\s|"\s*,\s*)["']?-a(?:\s+|["']\s*,\s*["'])["']?(?<s>[^\s"']+)/dg,
    validate: (s) => !isPlaceholder(s) && !s.startsWith('-'),
  },
  {
    kind: 'password-flag',
    // Hinted by the flag, not the program: 'http' is in every URL.
    hints: [' -u ', ' -u=', '--user', '--proxy-user', ' -U '],
    re: /\b(?:curl|wget|http|https|xh|httpie)\b[^\n]{0,300}?\s(?:-u|--user|--proxy-user|-U)(?:\s+|=)["']?[^\s:"']{1,128}:(?<s>[^\s"']+)/dg,
    validate: (s) => !isPlaceholder(s) && !/^\d+$/.test(s),
  },
  // .netrc: `machine h login u password X` on one line or `password X` on its own.
  {
    kind: 'password',
    hints: ['password'],
    re: /(?:^\s*|\b(?:machine\s+\S+|default|login\s+\S+)\s+)password\s+(?<s>\S+)(?=\s*(?:$|account\b|machine\b|login\b))/dg,
    validate: notPlaceholder,
  },
  // XML elements: `<password>X</password>`, Maven's `<passphrase>`, `<apiKey>`.
  {
    kind: 'secret',
    kindOf: (g) => kindFromKey(g['tag'] ?? ''),
    hints: ['password>', 'passwd>', 'passphrase>', 'secret>', 'token>', 'key>', 'credentials>', 'credential>'],
    re: /<(?<tag>[\w:.-]{0,40}?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|credentials?))(?:\s[^<>]{0,200})?>(?<s>[^<\n]+)<\/\k<tag>>/dgi,
    validate: (s, g) => !NOT_SECRET_KEY.test(g['tag'] ?? '') && !isPlaceholder(s.trim()),
  },
  // Cookies: every value in a `Cookie:` header, the value of a `Set-Cookie:` (not its attributes).
  {
    kind: 'cookie',
    hints: ['cookie'],
    re: /(?<=\b(?:set-)?cookie["']?\s*[:=]\s*\[?\s*["']?(?:[^\n]{0,2000}?;\s*)?)(?<name>[\w.$!#%&'*+^`|~-]{1,128})=(?<s>[^;\s,"]+)/dgi,
    validate: (s, g) => !COOKIE_ATTRIBUTE.test(g['name'] ?? '') && !isPlaceholder(s) && s !== 'deleted' && s.length >= 6,
  },
  // key = value pairs in env, INI, YAML, JSON, TOML, logfmt, connection strings.
  {
    kind: 'secret',
    kindOf: (g) => kindFromKey(g['key'] ?? ''),
    hints: ['pass', 'pwd', 'secret', 'token', 'key', 'credential'],
    re: new RegExp(String.raw`(?<![A-Za-z0-9_.-])${SECRET_KEY}(?![A-Za-z0-9])\\?["']?\s*(?:=|:|=>|:=)\s*${VALUE}`, 'dgi'),
    validate: (_s, g) => {
      const key = g['key'] ?? '';
      const value = kvValue(g);
      if (NOT_SECRET_KEY.test(key) || isPlaceholder(value)) return false;
      // `pass` ends a name only after a separator or as a camelCase word: DB_PASS, dbPass; not bypass, compass.
      if (/[a-z]pass$/.test(key) || /^pass$/i.test(key)) return false;
      // Passwords may be short words; tokens, secrets and keys are machine-made.
      if (/pass|pwd/i.test(key)) return !/^\d{1,3}$/.test(value);
      return looksGenerated(value);
    },
  },
  // .env lines and exported variables whose name says they hold a key: STRIPE_KEY=..., SENTRY_DSN=...
  {
    kind: 'env-secret',
    kindOf: (g) => kindFromKey(g['key'] ?? ''),
    hints: ['key', 'auth', 'dsn', 'cred'],
    re: /^\s*(?:export\s+)?(?<key>[A-Z][A-Z0-9_]{0,60}(?:_KEY|_KEY_BASE|_AUTH|_DSN|_CREDENTIALS?|_CERT_KEY))\s*=\s*(?:"(?<dq>[^"\n]+)"|'(?<sq>[^'\n]+)'|(?<bare>\S+))/dg,
    validate: (_s, g) => !NOT_SECRET_KEY.test(g['key'] ?? '') && looksGenerated(kvValue(g)),
  },
];

/** The group holding the secret of a kv-shaped match. */
export const VALUE_GROUPS = ['s', 'dq', 'sq', 'eq', 'bare'] as const;
