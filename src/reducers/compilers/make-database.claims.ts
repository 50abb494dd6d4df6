/** What detection reads of `make-database`, loaded on every run; the body (./make-database.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

/** The line GNU make opens its database with (`make -p`, `--print-data-base`). */
export const DATABASE_START = /^# Make data base, printed on /m;

export const makeDatabaseClaims: ReducerClaims = {
  name: 'make-database',
  family: 'make',
  intent: 'answer',
  lane: 'internal',
  // `make -p` prints the recipes it runs (or, with -n, would run) first, then the database.
  detect: (probe) => (DATABASE_START.test(probe.head) ? 0.95 : 0),
};
