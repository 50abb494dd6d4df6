import type { LineIndex } from '../core/line-splitter.js';
import type { IntentSource } from '../core/intent.js';
import type { ExitInfo, Intent, Packet, TrustLane } from '../core/types.js';

/** Facts about one stored stream. */
export interface StoredStream {
  bytes: number;
  lines: number;
  sha256: string;
  /** File name inside the outputs directory. */
  file: string;
  index: LineIndex;
}

/**
 * `outputs/<id>.json`: everything `inspect`, `list` and `gc` need. A small placeholder (no packet)
 * claims the id before the streams get their names; the full metadata replaces it atomically.
 */
export interface ArtifactMeta {
  schema: 'reduce.artifact/1';
  id: string;
  command: string;
  argv: string[];
  cwd: string;
  mode: 'wrap' | 'pipe';
  family: string;
  reducer: string;
  /** Why the command was run (`answer`, `verdict`) and what decided it. */
  intent?: Intent;
  intentSource?: IntentSource;
  createdAt: string;
  durationMs: number;
  exit: ExitInfo;
  streams: { stdout: StoredStream; stderr?: StoredStream };
  contentType: string;
  trustLane: TrustLane;
  tainted: boolean;
  retention: { duration: string; expiresAt: string };
  redaction: 'none' | 'artifacts';
  /** With `redaction: 'artifacts'`: secrets masked in the stored streams, by kind. */
  artifactRedactions?: Record<string, number>;
  /** `worker` when the reducer ran on a worker thread (a large output on a machine with a spare core; capture/remote-run.ts). */
  reducerThread?: 'worker';
  /** Missing when the run could not write its full metadata (a store that filled up): the streams are complete. */
  packet?: Packet;
}
