import type { StreamName } from '../../core/types.js';

/** One file of a unified diff, counted as it streams past. */
export interface DiffFile {
  path: string;
  oldPath?: string;
  status: 'modified' | 'added' | 'deleted' | 'renamed' | 'binary';
  added: number;
  removed: number;
  hunks: string[];
  hunkCount: number;
  /** Line where the file's section starts. */
  line: number;
  /** Last line of its header (`diff --git`, modes, `rename from/to`, `---`/`+++`), before the first hunk. */
  headerTo: number;
  stream: StreamName;
}

const MAX_FILES = 2000;
const MAX_HUNKS_KEPT = 8;
/** A file header longer than this is not a header: its first lines are cited. */
const MAX_HEADER_LINES = 8;

/** Streaming diffstat: files, hunk headers, +added / -removed, with bounded state. */
export class DiffStat {
  readonly files: DiffFile[] = [];
  droppedFiles = 0;
  added = 0;
  removed = 0;
  private current: DiffFile | null = null;

  line(stream: StreamName, n: number, text: string): void {
    if (text.startsWith('diff --git ')) {
      const match = /^diff --git a\/(.+?) b\/(.+)$/.exec(text);
      this.open({ path: match?.[2] ?? text.slice(11), oldPath: match?.[1], stream, line: n });
      return;
    }
    if (text.startsWith('--- ') && (!this.current || this.current.hunkCount > 0)) {
      // A plain `diff -u` without git headers: the `---`/`+++` pair opens the file.
      this.open({ path: text.slice(4).replace(/\t.*$/, '').replace(/^a\//, ''), stream, line: n });
      return;
    }
    const file = this.current;
    if (!file) return;
    if (file.hunkCount === 0 && !text.startsWith('@@') && n - file.line < MAX_HEADER_LINES) file.headerTo = n;
    if (text.startsWith('+++ ')) {
      const path = text.slice(4).replace(/\t.*$/, '');
      if (path === '/dev/null') file.status = 'deleted';
      else file.path = path.replace(/^b\//, '');
    } else if (text.startsWith('--- /dev/null')) file.status = 'added';
    else if (text.startsWith('new file mode')) file.status = 'added';
    else if (text.startsWith('deleted file mode')) file.status = 'deleted';
    else if (text.startsWith('rename from ')) file.status = 'renamed';
    else if (text.startsWith('Binary files ')) file.status = 'binary';
    else if (text.startsWith('@@')) {
      file.hunkCount++;
      if (file.hunks.length < MAX_HUNKS_KEPT) file.hunks.push(text.length > 160 ? text.slice(0, 160) + '…' : text);
    } else if (file.hunkCount > 0) {
      if (text.startsWith('+')) {
        file.added++;
        this.added++;
      } else if (text.startsWith('-')) {
        file.removed++;
        this.removed++;
      }
    }
  }

  private open(start: { path: string; oldPath?: string | undefined; stream: StreamName; line: number }): void {
    if (this.files.length >= MAX_FILES) {
      this.droppedFiles++;
      this.current = { ...start, status: 'modified', added: 0, removed: 0, hunks: [], hunkCount: 0, headerTo: start.line };
      return;
    }
    const file: DiffFile = { path: start.path, status: 'modified', added: 0, removed: 0, hunks: [], hunkCount: 0, line: start.line, headerTo: start.line, stream: start.stream };
    if (start.oldPath && start.oldPath !== start.path) file.oldPath = start.oldPath;
    this.files.push(file);
    this.current = file;
  }
}

export function looksLikeDiff(head: string): boolean {
  return /^diff --git /m.test(head) || (/^--- \S/m.test(head) && /^\+\+\+ \S/m.test(head) && /^@@ -\d/m.test(head));
}
