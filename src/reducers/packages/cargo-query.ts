/**
 * cargo's read commands: `cargo tree` (depth 0 and 1 whole, deeper levels counted, `(*)` repeats
 * counted), `cargo metadata` (a document), `cargo search`, `cargo pkgid`. The packet names the cargo family.
 * Docs: https://doc.rust-lang.org/cargo/commands/cargo-tree.html
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { cargoQueryClaims } from './cargo-query.claims.js';

export const cargoQueryReducer = familyAnswerReducer({
  ...cargoQueryClaims,
  version: '1.0.0',
});
