/**
 * The artifact store `trim` writes to, injected so the library stays pure: tests pass a fake,
 * harnesses their own, the CLI the real `reduce` store. Also the resolvers that turn a trim
 * candidate into replacement text through a store.
 */
import { createHash } from 'node:crypto';
import type { TrimCandidate, TrimResolver } from './strategies/trim.js';
import { packetReplacement, previewReplacement } from './strategies/trim-text.js';

/** What a stored output is labelled with. */
export interface ArtifactMeta {
  /** The command that produced it (`npm test`), or the tool name and input. */
  readonly command: string;
  /** The tool's name (`Bash`, `shell_command`). */
  readonly tool: string;
  /** The tool call id the output answered. */
  readonly callId: string;
}

/** Stores an output whole and returns the artifact id (`reduce inspect <id>` finds it). */
export interface HistoryStore {
  save(text: string, meta: ArtifactMeta): string;
}

/** Stores an output and runs the family reducer over it, for `--reduce`. */
export interface HistoryReducer {
  reduce(text: string, meta: ArtifactMeta): Promise<{ id: string; packetText: string }>;
}

/** An id as long as a real one (`20261121-210501-kubectl-3f9a2c`), to size replacements before saving. */
const SIZING_ID = 'x'.repeat(40);

function metaOf(candidate: TrimCandidate): ArtifactMeta {
  return { command: candidate.command, tool: candidate.tool, callId: candidate.callId };
}

/** Resolves candidates to header + preview, saving the output only when the replacement will be shorter. */
export function previewResolver(store: HistoryStore, previewChars: number): TrimResolver {
  return (candidate) => {
    const { output, tool, reason } = candidate;
    if (previewReplacement(output, tool, SIZING_ID, previewChars, reason).length >= output.length) return undefined;
    const id = store.save(output, metaOf(candidate));
    return previewReplacement(output, tool, id, previewChars, reason);
  };
}

/** A key for a candidate: the same output of the same tool is stored once. */
export function candidateKey(candidate: TrimCandidate): string {
  return createHash('sha256').update(candidate.tool).update('\0').update(candidate.output).digest('hex');
}

/**
 * Resolves candidates from packets computed beforehand (see `pruneHistoryAsync`). An output
 * replaced because a later call made it redundant gets the short header instead of its packet.
 */
export function packetResolver(packets: ReadonlyMap<string, { id: string; packetText: string }>, previewChars: number): TrimResolver {
  return (candidate) => {
    const packet = packets.get(candidateKey(candidate));
    if (!packet) return undefined;
    const { output, tool, reason } = candidate;
    if (reason && reason.kind !== 'trim' && reason.kind !== 'mask') return previewReplacement(output, tool, packet.id, previewChars, reason);
    return packetReplacement(output, tool, packet.id, packet.packetText);
  };
}

/** A store that writes nothing: ids derive from the content, for `stats` and dry runs. */
export const dryRunStore: HistoryStore = {
  save(text, meta) {
    const hash = createHash('sha256').update(meta.tool).update('\0').update(text).digest('hex');
    return `dryrun-${hash.slice(0, 24)}`;
  },
};

/** Wraps a store so the same output of the same tool is saved once (a trimmer runs before every call). */
export function memoizeStore(store: HistoryStore): HistoryStore {
  const ids = new Map<string, string>();
  return {
    save(text, meta) {
      const key = candidateKey({ callId: meta.callId, tool: meta.tool, command: meta.command, output: text });
      let id = ids.get(key);
      if (id === undefined) {
        id = store.save(text, meta);
        ids.set(key, id);
      }
      return id;
    },
  };
}
