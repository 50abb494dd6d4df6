/**
 * Reducers see the first MAX_LINE_CHARS of a line; the injection scan must see all of it (a `gh api`
 * answer is one line of hundreds of KiB). Every byte of a line longer than the splitter keeps arrives
 * here in order (its head, then the rest as it streams in) and is scanned in segments of 64 KiB, with
 * the same line number, in bounded memory; the scanner joins segments as it joins wrapped lines.
 */
import { StringDecoder } from 'node:string_decoder';
import stripAnsi from 'strip-ansi';

const SEGMENT = 64 * 1024;

export class LongLineScan {
  private decoder = new StringDecoder('utf8');
  private text = '';
  private line = 0;

  constructor(private readonly scan: (n: number, text: string) => void) {}

  /** Bytes of line `n` past the reducers' cap. */
  push(bytes: Buffer, n: number): void {
    if (n !== this.line) this.flush();
    this.line = n;
    this.text += this.decoder.write(bytes);
    while (this.text.length >= SEGMENT) {
      this.scan(n, stripAnsi(this.text.slice(0, SEGMENT)));
      this.text = this.text.slice(SEGMENT);
    }
  }

  /**
   * Scans what is left of the current long line (called when a line ends). True when that line was
   * line `n`: then it was scanned here whole and its capped text needs no scan.
   */
  flush(n = -1): boolean {
    if (this.line === 0) return false;
    const whole = this.line === n;
    const rest = this.text + this.decoder.end();
    if (rest) this.scan(this.line, stripAnsi(rest));
    this.text = '';
    this.line = 0;
    this.decoder = new StringDecoder('utf8');
    return whole;
  }
}
