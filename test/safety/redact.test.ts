import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRedactor, maskSecret, redactSecrets } from '../../src/safety/redact.js';
import { SECRET_RULES } from '../../src/safety/secret-rules.js';
import { linesOf, loadCases, loadCorpus, percent, type SafetyCase } from './fixture-cases.js';

const secretCases = loadCases('secrets');
const negatives = loadCases('safety-negatives');
const injection = loadCases('injection');
const corpus = loadCorpus();

function redactCase(c: SafetyCase): { text: string; counts: Record<string, number>; maskedLines: string[] } {
  let text = '';
  const counts: Record<string, number> = {};
  const maskedLines: string[] = [];
  for (const s of c.streams) {
    const redactor = createRedactor();
    const out = linesOf(s.text).map((line) => {
      const red = redactor.line(line);
      if (red !== line) maskedLines.push(red);
      return red;
    });
    text += out.join('\n') + '\n';
    for (const [k, v] of Object.entries(redactor.counts())) counts[k] = (counts[k] ?? 0) + v;
  }
  return { text, counts, maskedLines };
}

/** A secret leaks when it, or all of it but the four characters the mask keeps, is still in the text. */
function leaked(text: string, secret: string): boolean {
  return text.includes(secret) || (secret.length >= 12 && text.includes(secret.slice(0, -4)));
}

// Real credentials inside the shared corpus (test data of the recorded projects): masking them is right.
const CORPUS_TRUE_POSITIVES: Record<string, readonly string[]> = {
  'kubectl-get-pods-json-large': ['password'], // Npgsql connection strings in pod env: Password=...
  'pytest-q-hundreds-of-failures-large': ['token'], // Flask session dumps with csrf_token values
};

describe('secret fixtures', () => {
  it('has at least 30 secret shapes', () => {
    expect(secretCases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SECRET_RULES.map((r) => r.kind)).size).toBeGreaterThanOrEqual(30);
  });

  it.each(secretCases.map((c) => [c.name, c]))('masks every secret of %s', (_name, c) => {
    const sc = c as SafetyCase;
    const { text } = redactCase(sc);
    expect(sc.secrets.length).toBeGreaterThan(0);
    for (const secret of sc.secrets) expect(leaked(text, secret), secret).toBe(false);
    expect(text).toMatch(/\[REDACTED:[a-z0-9-]+(?: …[^\]]{4})?\]/);
  });

  it.each([...negatives, ...injection].map((c) => [c.name, c]))('masks nothing in ordinary fixture %s', (_name, c) => {
    expect(redactCase(c as SafetyCase).maskedLines).toEqual([]);
  });

  it('meets the rates: 100% masked, <= 2% false masking on fixtures and the corpus', () => {
    const all = secretCases.flatMap((c) => {
      const { text } = redactCase(c);
      return c.secrets.map((s) => !leaked(text, s));
    });
    const masked = all.filter(Boolean).length;
    const ordinary = [...negatives, ...injection];
    const falseCases = ordinary.filter((c) => redactCase(c).maskedLines.length > 0).length;
    let corpusFalse = 0;
    let corpusLines = 0;
    let corpusTrue = 0;
    for (const c of corpus) {
      const { counts } = redactCase(c);
      corpusLines += c.streams.reduce((a, s) => a + linesOf(s.text).length, 0);
      for (const [kind, n] of Object.entries(counts)) {
        if (CORPUS_TRUE_POSITIVES[c.name]?.includes(kind)) corpusTrue += n;
        else corpusFalse += n;
      }
    }
    console.log(
      [
        `secrets masked: ${masked}/${all.length} (${percent(masked, all.length)}) in ${secretCases.length} cases`,
        `false masking, ordinary fixtures: ${falseCases}/${ordinary.length} cases (${percent(falseCases, ordinary.length)})`,
        corpus.length
          ? `shared corpus: ${corpusFalse} false masks over ${corpusLines} lines; ${corpusTrue} masks of real credentials (connection-string passwords, csrf tokens)`
          : 'shared corpus: not present, skipped',
      ].join('\n'),
    );
    expect(masked).toBe(all.length);
    expect(falseCases / ordinary.length).toBeLessThanOrEqual(0.02);
    expect(corpusFalse).toBe(0);
  });
});

describe('redactSecrets', () => {
  it('keeps the kind and the last four characters, and the text around', () => {
    const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6a1b2';
    expect(redactSecrets(`GITHUB_TOKEN=${token} make release`).text).toBe('GITHUB_TOKEN=[REDACTED:github-token …a1b2] make release');
    expect(maskSecret('password', 'short')).toBe('[REDACTED:password]');
  });

  it('counts by kind', () => {
    const r = redactSecrets('a=AKIAIOSFODNN7EXAMPL2\npassword: hunter2\npassword: hunter3');
    expect(r.counts).toEqual({ 'aws-access-key-id': 1, password: 2 });
  });

  it('leaves a placeholder word in prose alone, closing parenthesis and all; a real value in parentheses is still masked', () => {
    const mysql = "ERROR 1045 (28000): Access denied for user 'app'@'localhost' (using password: YES)";
    expect(redactSecrets(mysql).text).toBe(mysql);
    expect(redactSecrets('(using password: NO).').text).toBe('(using password: NO).');
    expect(redactSecrets('(password: hunter2)').text).toContain('[REDACTED:password');
  });

  it('masks only the password of a URL', () => {
    expect(redactSecrets('postgres://app:s3cretPassw0rd@db:5432/app').text).toBe('postgres://app:[REDACTED:url-credentials …w0rd]@db:5432/app');
  });

  it('keeps PEM markers and masks every body line, line count unchanged', () => {
    const pem = ['key:', '-----BEGIN EC PRIVATE KEY-----', 'MHcCAQEEIBQ0bXZyb3RhdGVkLWZha2Uta2V5LW1hdGVyaWFs', 'oAoGCCqGSM49AwEHoUQDQgAE', '-----END EC PRIVATE KEY-----', 'done'].join('\n');
    const out = redactSecrets(pem);
    expect(out.text.split('\n')).toEqual(['key:', '-----BEGIN EC PRIVATE KEY-----', '[REDACTED:private-key]', '[REDACTED:private-key]', '-----END EC PRIVATE KEY-----', 'done']);
    expect(out.counts).toEqual({ 'private-key': 1 });
  });

  it('leaves git SHAs, UUIDs, integrity hashes, digests, resourceVersions and base64 images alone', () => {
    const ordinary = [
      'commit 3fce3b5bb0236da2df6d99672afb8a719642eca7',
      'uid: 6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      '"integrity": "sha512-9h4Lh5Ej1cPqVpDSnmyJ6zpvYUHUhF5oIhGQh6ZLkGmSvkBr6RFwrNbvZkiXoY3l4nZsmlq0Dde6HOn7qpwGjw=="',
      'image: registry.example.com/web@sha256:4f1c9b2d0e8a7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180706f5e4d3c2b1a09f',
      'resourceVersion: "918273"',
      'pod-template-hash: 7f9c8d6b5',
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
      'secretName: default-token-zb5j6',
      'token_type: Bearer',
      'password_min_length = 12',
      '+ primary_access_key = (sensitive value)',
      'DB_PASSWORD: ${{ secrets.DB_PASSWORD }}',
    ].join('\n');
    expect(redactSecrets(ordinary).text).toBe(ordinary);
  });

  it('is idempotent and the line redactor equals the one-shot function', () => {
    const sample = secretCases.map((c) => c.streams.map((s) => s.text).join('\n')).join('\n');
    const once = redactSecrets(sample).text;
    expect(redactSecrets(once).text).toBe(once);
    expect(redactSecrets(once).counts).toEqual({});
  });

  it('never throws and keeps the line count on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const out = redactSecrets(s);
        expect(out.text.split('\n').length).toBe(s.split('\n').length);
      }),
      { numRuns: 2000 },
    );
  });
});
