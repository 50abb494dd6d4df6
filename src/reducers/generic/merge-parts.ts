import type { ExitInfo, PacketParts, Status, StreamName } from '../../core/types.js';
import type { LogDigest } from './log-digest.js';

const RANK: Record<Status, number> = { ok: 0, warn: 1, fail: 2 };

export function worstStatus(a: Status, b: Status): Status {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * A family packet with the generic digest's error windows appended (for lines the family parser
 * did not understand, such as a tool's own error messages on stderr). The family's bullets,
 * fields and citations come first; the digest adds only its error evidence and omissions.
 */
export function withDigestErrors(own: PacketParts, digest: PacketParts, only?: StreamName): PacketParts {
  const errorRefs = new Set(digest.citations.filter((c) => c.label?.startsWith('error') && (!only || c.stream === only)).map((c) => c.ref));
  if (errorRefs.size === 0) return own;
  return {
    status: worstStatus(own.status, digest.status),
    summary: [...own.summary, ...digest.summary.filter((b) => b.cites?.some((r) => errorRefs.has(r))).map((b) => ({ ...b, cites: b.cites!.filter((r) => errorRefs.has(r)) }))],
    fields: { ...own.fields, ...(digest.fields.errorLines !== undefined ? { errorLines: digest.fields.errorLines } : {}) },
    citations: [...own.citations, ...digest.citations.filter((c) => errorRefs.has(c.ref))],
    omitted: [...own.omitted, ...digest.omitted],
    confidence: Math.min(own.confidence, digest.confidence),
    ...(own.notes ? { notes: own.notes } : {}),
  };
}

/** The family packet plus the error windows the digest found on stderr (the tool's own messages), if any. */
export function withStderrErrors(parts: PacketParts, digest: LogDigest, exit: ExitInfo): PacketParts {
  return digest.lines.stderr > 0 ? withDigestErrors(parts, digest.finish(exit, { skipHead: true, skipTail: true }), 'stderr') : parts;
}
