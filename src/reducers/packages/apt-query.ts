/**
 * apt and dpkg read commands: `apt-cache show|policy|search|depends|madison`, `apt list`, `apt show`,
 * `dpkg -l`, `dpkg -s`, `dpkg-query`. Records (`Package:` blocks), tables (`dpkg -l`) and lists
 * (`apt-cache search`) are read by the generic structure scanners; the packet names the apt family.
 * Docs: https://manpages.debian.org/bookworm/apt/apt-cache.8.en.html
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { aptQueryClaims } from './apt-query.claims.js';

export const aptQueryReducer = familyAnswerReducer({
  ...aptQueryClaims,
  version: '1.0.1',
});
