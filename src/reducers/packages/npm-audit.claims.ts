/** What detection reads of `npm-audit`, loaded on every run; the body (./npm-audit.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const npmAuditClaims: ReducerClaims = {
  name: 'npm-audit',
  family: 'npm',
  claims: ['npm audit', 'pnpm audit', 'yarn audit', 'yarn npm audit'],
  lane: 'internal',
  detect(probe) {
    if (/^# npm audit report$/m.test(probe.head)) return 0.95;
    if (/^\s*\{\s*"auditReportVersion"\s*:/.test(probe.head)) return 0.95;
    if (/^\s*\{\s*"actions"\s*:\s*\[[\s\S]*"advisories"\s*:/.test(probe.head)) return 0.9;
    return 0;
  },
};
