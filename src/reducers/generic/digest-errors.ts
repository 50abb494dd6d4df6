import type { Bullet, CitationDraft, ExitInfo, Omission, PacketParts } from '../../core/types.js';
import type { LogDigest } from './log-digest.js';

/**
 * For a family reducer that saw a failure it cannot explain from its own structure: adds the
 * generic digest's error windows and last lines, its error-count bullet and its omissions.
 */
export function addDigestErrors(digest: LogDigest, exit: ExitInfo, into: { summary: Bullet[]; fields: PacketParts['fields']; citations: CitationDraft[]; omitted: Omission[] }): void {
  const parts = digest.finish(exit, { skipHead: true });
  for (const c of parts.citations) if (c.label?.startsWith('error') || c.label === 'last lines') into.citations.push(c);
  const errorBullet = parts.summary.find((b) => b.fields?.includes('errorLines'));
  if (errorBullet) {
    into.summary.push(errorBullet);
    into.fields.errorLines = parts.fields.errorLines!;
  }
  into.omitted.push(...parts.omitted);
}
