/** What detection reads of `apt-query`, loaded on every run; the body (./apt-query.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';

/** `apt-cache show`/`dpkg -s` records and `apt-cache policy` blocks, by their first keys. */
export const APT_RECORD = /^Package: \S+\n(?:[A-Z][\w-]*: .*\n|\s.*\n){0,12}?(?:Version|Architecture|Maintainer|Installed-Size|Priority|Section): /m;

export const APT_POLICY = /^\S+:\n {2}Installed: .+\n {2}Candidate: /m;

export const DPKG_LIST = /^Desired=Unknown\/Install\/Remove\/Purge\/Hold/m;

export const aptQueryClaims: ReducerClaims = {
  name: 'apt-query',
  family: 'apt',
  intent: 'answer',
  claims: ['apt-cache', 'apt list', 'apt show', 'apt search', 'apt policy', 'apt depends', 'apt rdepends', 'apt-mark showmanual', 'apt-mark showhold', 'dpkg -l', 'dpkg -s', 'dpkg -L', 'dpkg --list', 'dpkg --status', 'dpkg --listfiles', 'dpkg-query'],
  lane: 'internal',
  detect: (probe: Probe) => (APT_RECORD.test(probe.head) || APT_POLICY.test(probe.head) || DPKG_LIST.test(probe.head) ? 0.65 : 0),
};
