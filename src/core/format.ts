/** Number formatting shared by summaries: 1,904 (fixed locale so packets are the same everywhere). */
export function count(n: number): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function plural(n: number, one: string, many = one + 's'): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

/** Characters a cut must save beyond its marker before it is made. */
const CLIP_SLACK = 16;

/**
 * Cuts a long single-line value to head … tail, saying how much was cut. A cut that would hide
 * no more than its own marker (`…[+12 chars]…`) is not worth making: the text stays whole.
 */
export function clip(text: string, max = 200): string {
  if (text.length <= max + CLIP_SLACK) return text;
  const head = Math.ceil(max * 0.7);
  const tail = max - head;
  return `${text.slice(0, head)}…[+${text.length - max} chars]…${text.slice(text.length - tail)}`;
}
