/**
 * apt and dpkg read commands: `apt-cache show|policy|search|depends|madison`, `apt list`, `apt show`,
 * `dpkg -l`, `dpkg -s`, `dpkg-query`. Records (`Package:` blocks), tables (`dpkg -l`) and lists
 * (`apt-cache search`) are read by the generic structure scanners; the packet names the apt family.
 * Docs: https://manpages.debian.org/bookworm/apt/apt-cache.8.en.html
 */
import type { Probe } from '../../core/types.js';
import { familyAnswerReducer } from '../generic/best-structure.js';

/** `apt-cache show`/`dpkg -s` records and `apt-cache policy` blocks, by their first keys. */
const APT_RECORD = /^Package: \S+\n(?:[A-Z][\w-]*: .*\n|\s.*\n){0,12}?(?:Version|Architecture|Maintainer|Installed-Size|Priority|Section): /m;
const APT_POLICY = /^\S+:\n {2}Installed: .+\n {2}Candidate: /m;
const DPKG_LIST = /^Desired=Unknown\/Install\/Remove\/Purge\/Hold/m;

export const aptQueryReducer = familyAnswerReducer({
  name: 'apt-query',
  family: 'apt',
  version: '1.0.0',
  intent: 'answer',
  claims: ['apt-cache', 'apt list', 'apt show', 'apt search', 'apt policy', 'apt depends', 'apt rdepends', 'apt-mark showmanual', 'apt-mark showhold', 'dpkg -l', 'dpkg -s', 'dpkg -L', 'dpkg --list', 'dpkg --status', 'dpkg --listfiles', 'dpkg-query'],
  lane: 'internal',
  detect: (probe: Probe) => (APT_RECORD.test(probe.head) || APT_POLICY.test(probe.head) || DPKG_LIST.test(probe.head) ? 0.65 : 0),
});
