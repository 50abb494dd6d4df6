/**
 * The text that stands in for a trimmed tool output: a one-line header naming the artifact
 * (so the agent can `reduce inspect` it) and a preview, or the packet under `--reduce`.
 */

/** Every replacement starts with this, so an output is never trimmed twice. */
export const TRIM_MARKER = '[reduce: ';

/** Cuts `text` to at most `chars` UTF-16 units without splitting a surrogate pair. */
export function cutText(text: string, chars: number): string {
  if (text.length <= chars) return text;
  let end = chars;
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Formats a thousands-separated count without depending on the locale. */
function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The replacement for an output stored whole as artifact `id`, with a preview of its start. */
export function previewReplacement(output: string, tool: string, id: string, previewChars: number): string {
  const header = `${TRIM_MARKER}old ${tool} output trimmed, ${formatCount(output.length)} chars stored as ${id}; run \`reduce inspect ${id}\` for the full text]`;
  const preview = cutText(output, previewChars);
  return preview.length === 0 ? header : `${header}\n${preview}${preview.length < output.length ? '\n…' : ''}`;
}

/** The replacement for an output reduced to a packet by the family reducer. */
export function packetReplacement(output: string, tool: string, id: string, packetText: string): string {
  const header = `${TRIM_MARKER}old ${tool} output reduced, ${formatCount(output.length)} chars stored as ${id}; run \`reduce inspect ${id}\` for the full text]`;
  return `${header}\n${packetText.trimEnd()}`;
}
