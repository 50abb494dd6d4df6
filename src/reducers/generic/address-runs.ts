/**
 * Folds runs of count-indexed addresses into one entry that keeps the first and the last address:
 * `null_resource.baz[0]`, `[1]`, `[2]` read as `null_resource.baz[0] … null_resource.baz[2] (3)`.
 */
export function foldAddressRuns(addresses: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < addresses.length) {
    const first = addresses[i]!;
    const m = /^(.*)\[(\d+)\]$/.exec(first);
    let j = i + 1;
    if (m) {
      let expected = Number(m[2]) + 1;
      while (j < addresses.length && addresses[j] === `${m[1]}[${expected}]`) {
        j++;
        expected++;
      }
    }
    out.push(j - i >= 3 ? `${first} … ${addresses[j - 1]} (${j - i})` : first);
    if (j - i < 3) j = i + 1;
    i = j;
  }
  return out;
}

/** The first `max` entries joined, with `, …` when more exist. */
export function listHead(items: readonly string[], max: number): string {
  return items.slice(0, max).join(', ') + (items.length > max ? ', …' : '');
}
