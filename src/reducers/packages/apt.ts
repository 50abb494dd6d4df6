/**
 * apt and apt-get (install, update, upgrade, remove): `E:` errors (`Unable to locate package x`,
 * `has no installation candidate`, held broken packages with the unmet-dependency lines above them,
 * `Failed to fetch`, dpkg errors), `W:` warnings grouped, and the `N upgraded, N newly installed,
 * N to remove and N not upgraded.` line on success. Docs: https://manpages.debian.org/bookworm/apt/apt-get.8.en.html
 */
import type { Bullet, Reducer, StreamName } from '../../core/types.js';
import { count } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { DecisiveLines, pmParts, WarningKinds } from './pm-log.js';
import { aptClaims } from './apt.claims.js';

const E_LINE = /^E: (.*)$/;
const W_LINE = /^W: (.*)$/;
const ERR_FETCH = /^Err:\d+ (\S+) (.*)$/;
const DPKG_ERROR = /^dpkg: error processing |^dpkg: dependency problems prevent|^Errors were encountered while processing:/;
const UNMET_START = /^The following packages have unmet dependencies:/;
const TOTALS = /^(\d+) upgraded, (\d+) newly installed, (\d+) to remove and (\d+) not upgraded\.$/;
const SETTING_UP = /^Setting up (\S+) \(([^)]+)\)/;
const FETCHED = /^Fetched (\S+ \S+) in /;
const INDEX = /^(Hit|Get|Ign):\d+ /;

export const aptReducer: Reducer = {
  ...aptClaims,
  version: '1.0.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const decisive = new DecisiveLines(digest);
    const warnings = new WarningKinds();
    const fields: Record<string, string | number | string[] | Record<string, number>> = {};
    const missing: string[] = [];
    let totals: { stream: StreamName; n: number } | null = null;
    let unmet: { stream: StreamName; from: number; to: number } | null = null;
    let failed = false;
    let setUp = 0;
    const index: Record<string, number> = {};
    let fetched: string | null = null;

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (unmet && unmet.stream === stream) {
          if (/^\s+\S/.test(text)) {
            unmet.to = n;
            return;
          }
          decisive.add({ ...unmet, label: 'unmet dependencies', priority: 'mandatory' });
          unmet = null;
        }
        if (UNMET_START.test(text)) {
          failed = true;
          unmet = { stream, from: n, to: n };
          return;
        }
        let m = E_LINE.exec(text);
        if (m) {
          failed = true;
          const located = /^Unable to locate package (\S+)|^Package '([^']+)' has no installation candidate|^Version '([^']+)' for '([^']+)' was not found/.exec(m[1]!);
          if (located && missing.length < 50) missing.push(located[1] ?? located[2] ?? `${located[4]}=${located[3]}`);
          decisive.add({ stream, from: n, to: n, label: 'error', priority: 'mandatory' });
          return;
        }
        if ((m = ERR_FETCH.exec(text))) {
          decisive.add({ stream, from: n, to: n + 1, label: 'fetch error', priority: 'high' });
          return;
        }
        if (DPKG_ERROR.test(text)) {
          failed = true;
          decisive.add({ stream, from: n, to: n + 2, label: 'dpkg error', priority: 'mandatory' });
          return;
        }
        if ((m = W_LINE.exec(text))) {
          const body = m[1]!;
          warnings.add(/^apt does not have a stable CLI interface/.test(body) ? 'unstable CLI' : /Failed to fetch|Some index files failed/.test(body) ? 'fetch' : /GPG|NO_PUBKEY|signature/i.test(body) ? 'signature' : 'other', stream, n);
          if (/NO_PUBKEY|Some index files failed to download|Failed to fetch/.test(body)) decisive.add({ stream, from: n, to: n, label: 'warning', priority: 'high' });
          return;
        }
        if (/^WARNING: apt does not have a stable CLI interface/.test(text)) return;
        if (TOTALS.test(text)) {
          const t = TOTALS.exec(text)!;
          totals = { stream, n };
          fields.upgraded = Number(t[1]);
          fields.newlyInstalled = Number(t[2]);
          fields.toRemove = Number(t[3]);
          fields.notUpgraded = Number(t[4]);
          return;
        }
        if ((m = SETTING_UP.exec(text))) setUp++;
        else if ((m = INDEX.exec(text))) index[m[1]!] = (index[m[1]!] ?? 0) + 1;
        else if ((m = FETCHED.exec(text))) fetched = m[1]!;
      },
      finish(exit) {
        if (unmet) decisive.add({ ...unmet, label: 'unmet dependencies', priority: 'mandatory' });
        const bullets: Bullet[] = [];
        if (missing.length) fields.notFound = missing;
        if (decisive.items.length && failed) bullets.push({ text: missing.length ? `not found: ${missing.slice(0, 8).join(', ')}` : 'apt failed', cites: decisive.items.slice(0, 4).map((d) => d.ref), ...(missing.length ? { fields: ['notFound'] } : {}), priority: 'mandatory' });
        if (setUp) fields.setUp = setUp;
        if (Object.keys(index).length) fields.index = index;
        if (fetched) fields.fetched = fetched;
        const extra = { ref: '', used: false };
        if (totals) {
          extra.ref = digest.nextRef();
          extra.used = true;
          bullets.push({ text: `${count(Number(fields.newlyInstalled))} newly installed, ${count(Number(fields.upgraded))} upgraded, ${count(Number(fields.toRemove))} to remove`, cites: [extra.ref], fields: ['newlyInstalled'] });
        } else if (Object.keys(index).length && !failed) {
          bullets.push({ text: `package lists: ${Object.entries(index).map(([k, v]) => `${k} ${count(v)}`).join(', ')}${fetched ? `; fetched ${fetched}` : ''}`, fields: ['index'] });
        }
        if (!decisive.items.length && !totals && !Object.keys(index).length && !setUp) return digest.finish(exit);
        const parts = pmParts(digest, exit, decisive, warnings, { bullets, fields, failed });
        if (totals && extra.used) parts.citations.push({ ref: extra.ref, stream: totals.stream, from: totals.n, to: totals.n, label: 'totals', priority: failed ? 'high' : 'mandatory' });
        return parts;
      },
    };
  },
};
