/**
 * Server, proxy and application logs with level words, `level=` keys, klog or syslog prefixes, and
 * access logs (combined/common format, JSON access lines): the severity histogram, HTTP status
 * classes, and every distinct problem template once with its count, first and last line.
 * Sample: `2026-11-23 10:00:01.123 UTC [4242] FATAL:  password authentication failed for user "app"`.
 */
import type { Reducer } from '../../core/types.js';
import { ProblemLog } from './log-problems.js';
import { structuredRun } from './structured-run.js';
import { logClaims } from './log.claims.js';

export const logReducer: Reducer = {
  ...logClaims,
  version: '1.0.2',
  start: (ctx) =>
    structuredRun(ctx, [new ProblemLog()], (parts) =>
      // A log that records problems (5xx answers, ERROR lines) is not a clean success, whatever `cat` returned.
      parts.status === 'ok' && typeof parts.fields.problems === 'number' && parts.fields.problems > 0 ? { ...parts, status: 'warn' } : parts,
      'index',
    ),
};
