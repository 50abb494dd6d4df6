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

/** Why an output is replaced; the default (`trim`) is an old long output. */
export type ReplaceReason =
  | { readonly kind: 'trim' }
  | { readonly kind: 'mask' }
  /** A later call of the same tool with the same arguments returned the same output. */
  | { readonly kind: 'dedupe'; readonly by: string }
  /** A later call read (or, opted in, edited) the same file. */
  | { readonly kind: 'supersede'; readonly by: string; readonly path: string; readonly edit: boolean }
  /** The call failed and the same tool later succeeded; `line` is the first error line. */
  | { readonly kind: 'error'; readonly line: string };

function header(output: string, tool: string, id: string, what: string): string {
  return `${TRIM_MARKER}old ${tool} output ${what}, ${formatCount(output.length)} chars stored as ${id}; run \`reduce inspect ${id}\` for the full text]`;
}

/** The first line with text, cut to `chars`. */
export function firstLine(text: string, chars: number): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return cutText(line.trimEnd(), chars);
}

/** The replacement for an output stored whole as artifact `id`: a header saying why, and a preview. */
export function previewReplacement(output: string, tool: string, id: string, previewChars: number, reason: ReplaceReason = { kind: 'trim' }): string {
  let what: string;
  let preview: string;
  switch (reason.kind) {
    case 'trim':
      what = 'trimmed';
      preview = cutText(output, previewChars);
      break;
    case 'mask':
      what = 'masked';
      preview = firstLine(output, previewChars);
      break;
    case 'dedupe':
      what = `masked (call ${reason.by} later returned the same)`;
      preview = '';
      break;
    case 'supersede':
      what = `masked (call ${reason.by} later ${reason.edit ? 'changed' : 'read'} ${cutText(reason.path, 120)})`;
      preview = '';
      break;
    case 'error':
      what = 'shortened to its first error line (the same tool later succeeded)';
      preview = cutText(reason.line, previewChars);
      break;
  }
  const head = header(output, tool, id, what);
  return preview.length === 0 ? head : `${head}\n${preview}${preview.length < output.length ? '\n…' : ''}`;
}

/** The replacement for an output reduced to a packet by the family reducer. */
export function packetReplacement(output: string, tool: string, id: string, packetText: string): string {
  return `${header(output, tool, id, 'reduced')}\n${packetText.trimEnd()}`;
}
