/**
 * The call site of a Python traceback: the last frame before the stack enters the code that raised
 * (a script's `parse()` calling `json.loads`, pip's `load_pyproject_toml` calling its vendored TOML
 * parser). A traceback longer than an excerpt is shown by its ends, the raising library's frames and
 * the caller's entry points; the frame where the caller handed over is where a fix usually goes.
 */

/** `  File "/x/pip/_internal/pyproject.py", line 64, in load_pyproject_toml` */
const PY_FRAME = /^\s+File "([^"]+)", line \d+/;

function dirOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '' : path.slice(0, cut);
}

/** Follows the frames of one traceback (most recent call last), one line at a time. */
export class CallSiteTrail {
  private dir: string | null = null;
  private last = 0;
  /** The frame line before the last change of directory, or null while every frame is in one directory. */
  site: number | null = null;
  /** The exception line that ended the frames (the first line back at the margin), once seen. */
  exception: number | null = null;

  /** Takes line `n`; true when it is a frame line. A frame after the exception starts a chained traceback's own trail. */
  frame(n: number, text: string): boolean {
    if (text.charCodeAt(0) !== 32 && text.charCodeAt(0) !== 9) return false;
    const m = PY_FRAME.exec(text);
    if (!m) return false;
    if (this.exception !== null) {
      this.dir = null;
      this.exception = null;
    }
    const dir = dirOf(m[1]!);
    if (this.dir !== null && dir !== this.dir) this.site = this.last;
    this.dir = dir;
    this.last = n;
    return true;
  }
}
