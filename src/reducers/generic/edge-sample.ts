/**
 * A bounded sample of a stream of items: the first few, a sliding window of the last few, and a
 * count of all of them. Reducers keep outcome lines, error headlines and flagged records this way:
 * the first is often the cause, the last the verdict, and the middle is only counted.
 */
export class EdgeSample<T> {
  readonly items: T[] = [];
  /** Items pushed, kept or not. */
  seen = 0;

  constructor(
    readonly first: number,
    readonly last: number,
  ) {}

  push(item: T): void {
    this.seen++;
    this.items.push(item);
    if (this.items.length > this.first + this.last) this.items.splice(this.first, 1);
  }

  /** Items seen in the middle and not kept. */
  get dropped(): number {
    return this.seen - this.items.length;
  }

  /** The kept items from the start of the stream. */
  get head(): T[] {
    return this.items.slice(0, this.first);
  }

  /** The kept items from the end of the stream (past the head). */
  get tail(): T[] {
    return this.items.slice(this.first);
  }
}
