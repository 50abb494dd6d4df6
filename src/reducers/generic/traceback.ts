/**
 * A Python traceback on either stream, from a script or a service, with no test runner around it:
 * the exception line that ends it (`ValueError: …`), the frames above it, chained causes, and what
 * the program printed before. Docs: https://docs.python.org/3/library/traceback.html
 */
import type { Reducer } from '../../core/types.js';
import { ProblemLog } from './log-problems.js';
import { structuredRun } from './structured-run.js';
import { tracebackClaims } from './traceback.claims.js';

export const tracebackReducer: Reducer = {
  ...tracebackClaims,
  version: '1.2.0',
  start: (ctx) => structuredRun(ctx, [new ProblemLog()], undefined, 'index'),
};
