/**
 * pip's read commands: `pip list` (a table), `pip freeze` (`name==version` lines), `pip show`
 * (records), `pipdeptree` (a tree), `pip list --format=json` (a document). Read by the generic
 * structure scanners and the JSON reducer; the packet names the pip family.
 * Docs: https://pip.pypa.io/en/stable/cli/pip_list/
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { pipQueryClaims } from './pip-query.claims.js';

export const pipQueryReducer = familyAnswerReducer({
  ...pipQueryClaims,
  version: '1.0.0',
});
