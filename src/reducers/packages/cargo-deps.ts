/**
 * cargo's dependency commands (fetch, update, add, install, generate-lockfile): the `error:` with its
 * `Caused by:` chain (`failed to get `serde` as a dependency of package ...`, `no matching package named`),
 * network retries counted, and `Locking 42 packages` / `Downloaded 12 crates` / `Installed package` on success.
 * Docs: https://doc.rust-lang.org/cargo/commands/cargo-fetch.html
 */
import type { Bullet, Reducer, StreamName } from '../../core/types.js';
import { LogDigest } from '../generic/log-digest.js';
import { DecisiveLines, pmParts, WarningKinds } from './pm-log.js';
import { cargoDepsClaims } from './cargo-deps.claims.js';

const ERROR = /^error(?:\[E\d+\])?: (.*)$/;
const WARNING = /^warning: (.*)$/;
const PROGRESS = /^\s+(Locking|Downloaded|Adding|Installed|Installing|Updating|Removing|Unchanged|Upgrading|Replaced|Replacing|Fetching)\s+(.*)$/;
const MAX_BLOCK = 30;

export const cargoDepsReducer: Reducer = {
  ...cargoDepsClaims,
  version: '1.0.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const decisive = new DecisiveLines(digest);
    const warnings = new WarningKinds();
    const fields: Record<string, string | number | string[]> = {};
    const messages: string[] = [];
    const done: Array<{ stream: StreamName; n: number }> = [];
    let block: { stream: StreamName; from: number; to: number } | null = null;
    let failed = false;

    const close = () => {
      if (block) decisive.add({ ...block, label: 'error', priority: decisive.items.length ? 'high' : 'mandatory', focus: [block.from] });
      block = null;
    };

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (block && block.stream === stream) {
          if ((text === '' || /^Caused by:$/.test(text) || /^\s+\S/.test(text) || /^(?:location searched|required by package|perhaps you meant|As a reminder)/.test(text)) && n - block.from < MAX_BLOCK) {
            if (text !== '') block.to = n;
            return;
          }
          close();
        }
        let m = ERROR.exec(text);
        if (m) {
          failed = true;
          if (messages.length < 6) messages.push(m[1]!);
          block = { stream, from: n, to: n };
          return;
        }
        if ((m = WARNING.exec(text))) {
          warnings.add(/^spurious network error/.test(m[1]!) ? 'network retry' : /yanked/.test(m[1]!) ? 'yanked' : 'other', stream, n);
          return;
        }
        if ((m = PROGRESS.exec(text))) {
          const verb = m[1]!;
          const amount = /^(\d+) (?:packages?|crates?)/.exec(m[2]!);
          if (amount && (verb === 'Locking' || verb === 'Downloaded')) fields[verb === 'Locking' ? 'locked' : 'downloaded'] = Number(amount[1]);
          if (verb === 'Installed' || verb === 'Adding' || verb === 'Locking' || verb === 'Downloaded') {
            done.push({ stream, n });
            if (done.length > 2) done.shift();
          }
        }
      },
      finish(exit) {
        close();
        const bullets: Bullet[] = [];
        if (messages.length) {
          fields.errors = messages;
          bullets.push({ text: `failed: ${messages[0]}`, cites: decisive.items.slice(0, 3).map((d) => d.ref), fields: ['errors'], priority: 'mandatory' });
        }
        const refs = done.slice(-2).map(() => digest.nextRef());
        if (done.length && !failed) bullets.push({ text: ['locked', 'downloaded'].filter((k) => k in fields).map((k) => `${k} ${fields[k]}`).join(', ') || 'done', cites: refs });
        if (!decisive.items.length && !done.length && !warnings.total) return digest.finish(exit);
        const parts = pmParts(digest, exit, decisive, warnings, { bullets, fields, failed });
        if (!failed) done.slice(-2).forEach((d, i) => parts.citations.push({ ref: refs[i]!, stream: d.stream, from: d.n, to: d.n, label: 'result', priority: 'mandatory' }));
        return parts;
      },
    };
  },
};
