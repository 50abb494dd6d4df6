/**
 * Counts in test runners' totals, as printed: `1204`, or grouped by thousands (`1,204 passed`), as
 * runners that format numbers for the locale print them. One pattern and one reader for every runner.
 */

/** Regex source of one count: digits grouped by `,` in threes, or plain digits. */
export const COUNT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)`;

/** The number a count matched by `COUNT` stands for. */
export function countOf(digits: string): number {
  return Number(digits.replaceAll(',', ''));
}
