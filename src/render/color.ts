import { Chalk } from 'chalk';

/**
 * Colour for a person at a terminal: status, gutters and citation headers. Applied only when
 * stdout is a terminal and NO_COLOR is unset (chalk's own detection), so packets that reach a
 * pipe, a file or a model are byte-identical plain text.
 */
export function colorizePacket(text: string, stream: NodeJS.WriteStream = process.stdout): string {
  if (!stream.isTTY) return text;
  const chalk = new Chalk();
  if (chalk.level === 0) return text;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('── ')) return chalk.bold(line.replace(/ · (fail|warn|ok) · /, (_, s: string) => ` · ${s === 'fail' ? chalk.red(s) : s === 'warn' ? chalk.yellow(s) : chalk.green(s)} · `));
      if (/^\[c\d+\] /.test(line)) return chalk.cyan(line);
      if (/^\s+\d*[│┆]/.test(line)) return line.replace(/^(\s+\d*[│┆])/, (g) => chalk.dim(g));
      if (line.startsWith('escalate: ') || line.startsWith('lane: ')) return chalk.yellow(line);
      if (line.startsWith('→ ') || line.startsWith('omitted: ')) return chalk.dim(line);
      return line;
    })
    .join('\n');
}
