// Turns bench/results.json into the printed table, the README block and the SVG chart. Pure: everything shown
// is derived from the results object, so the README's table can be checked against results.json.

export const round = (x, d = 2) => (x === null || x === undefined ? x : +x.toFixed(d));

const memoryLabels = { log1GiB: 'log (stdin)', singleLine1GiB: 'single line', jsonArray500MB: 'JSON array', stderr20MB: 'of stderr (wrap)' };
const defaultMiB = { log1GiB: 1024, singleLine1GiB: 1024, jsonArray500MB: 500, stderr20MB: 20 };

/** Rows of four cells; `withFixtures` adds one row per fixture family. */
export function tableRows(r, { withFixtures = true } = {}) {
  const rows = [];
  const s = r.startup;
  if (s) {
    rows.push(['start-up', `node -e 0 ${s.nodeMs} ms`, `reduce -- true ${s.wrapMs} ms (${s.wrapRatio}x)`, `inspect last ${s.inspectMs} ms (${s.inspectRatio}x)`]);
    if (s.cpuMs) {
      rows.push(['start-up CPU', `node -e 0 ${s.cpuMs.node} ms`, `reduce -- true ${s.cpuMs.wrap} ms (${s.wrapCpuRatio}x)`, `inspect last ${s.cpuMs.inspect} ms (${s.inspectCpuRatio}x)`]);
      rows.push(['hook CPU', 'reduce hook codex pre', `${s.cpuMs.hook} ms (${round(s.cpuMs.hook / s.cpuMs.node)}x)`, 'parses one command line']);
    }
  }
  for (const t of r.throughput ?? []) {
    rows.push([`${t.shape} log`, `${t.mib} MiB${t.oneThread ? ', 1 thread' : ''}`, `${t.mibPerSecond} MiB/s, ${t.ratio}x floor (${t.floorSeconds} s)`, `peak ${t.peakMiB} MiB, packet ${t.packetBytes} B`]);
  }
  for (const [name, peak] of Object.entries(r.memory ?? {})) {
    const exit = r.memoryExit?.[name];
    rows.push(['peak RSS', `${r.memoryMiB?.[name] ?? defaultMiB[name] ?? '?'} MiB ${memoryLabels[name] ?? name}`, `${peak} MiB`, exit === undefined ? '' : `exit ${exit}`]);
  }
  if (withFixtures) {
    for (const [family, f] of Object.entries(r.fixtures ?? {})) {
      rows.push(['fixtures', family, `${f.rawBytes} B -> ${f.packetBytes} B`, `${f.rawTokens} -> ${f.packetTokens} tokens (${f.cases} cases)`]);
    }
  }
  return rows;
}

export function heading(r) {
  const unset = r.unsetEnv?.length ? `, ${r.unsetEnv.join(' ')} unset` : '';
  return `reduce bench, ${r.date}, node ${r.node}, ${r.cpus} x ${r.cpuModel}, ${r.memGiB} GiB, load ${r.load.join(' ')}${unset}`;
}

/** The header line and the rows, columns padded to their widest cell. */
export function formatTable(r, options) {
  const rows = tableRows(r, options);
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((row) => String(row[i] ?? '').length)));
  return [heading(r), ...rows.map((row) => row.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ').trimEnd())].join('\n');
}

export const README_START = '<!-- bench:start (written by npm run bench; do not edit) -->';
export const README_END = '<!-- bench:end -->';

/** The README's benchmark section body: the latest full run's table (fixture rows are in results.json). */
export function readmeBlock(r) {
  const fixtures = Object.values(r.fixtures ?? {});
  const raw = fixtures.reduce((n, f) => n + f.rawTokens, 0);
  const packet = fixtures.reduce((n, f) => n + f.packetTokens, 0);
  return [
    README_START,
    `Latest full \`npm run bench\` (floors measured in the same run: \`node -e 0\`; a Node script that streams the same file,`,
    `hashes it with sha256, writes a copy and counts newlines). Targets: start-up 1.5x, repetitive log 3x, distinct lines 4x,`,
    `peak RSS 95.4 MiB (100 MB). [Chart](bench/chart.svg); every run so far in [benchmarks](docs/benchmarks.md).`,
    '',
    '```',
    formatTable(r, { withFixtures: false }),
    ...(fixtures.length ? [`fixtures        ${fixtures.length} families, ${raw} -> ${packet} o200k tokens over the goldens`] : []),
    '```',
    README_END,
  ].join('\n');
}

/** `text` with the block between the markers replaced; throws when the markers are missing. */
export function withReadmeBlock(text, r) {
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} ... ${README_END} section`);
  return text.slice(0, start) + readmeBlock(r) + text.slice(end + README_END.length);
}

/** Bars of the ratio to the floor per size and shape, and the start-up ratios: lower is better. */
export function chart(r) {
  const bars = [];
  if (r.startup) bars.push(['start-up: reduce -- true', r.startup.wrapRatio], ['start-up: inspect last', r.startup.inspectRatio]);
  if (r.startup?.cpuMs) bars.push(['start-up CPU: reduce -- true', r.startup.wrapCpuRatio], ['start-up CPU: inspect last', r.startup.inspectCpuRatio]);
  for (const t of r.throughput ?? []) bars.push([`${t.shape} log ${t.mib} MiB${t.oneThread ? ', 1 thread' : ''}`, t.ratio]);
  const max = Math.max(4, ...bars.map((b) => b[1]));
  const rowH = 26, left = 230, width = 420, top = 40;
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 80}" height="${top + bars.length * rowH + 40}" font-family="sans-serif" font-size="13">`,
    `<text x="10" y="22" font-weight="bold">reduce: time as a multiple of its floor (lower is better), ${esc(r.date)}, node ${esc(r.node)}, ${r.cpus} cores</text>`,
  ];
  for (const target of [1, 1.5, 3, 4].filter((x) => x <= max)) {
    const x = left + (target / max) * width;
    parts.push(`<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${top + bars.length * rowH}" stroke="#bbb" stroke-dasharray="3,3"/><text x="${x - 8}" y="${top + bars.length * rowH + 16}" fill="#666">${target}x</text>`);
  }
  bars.forEach(([label, value], i) => {
    const y = top + i * rowH;
    parts.push(`<text x="${left - 8}" y="${y + 16}" text-anchor="end">${esc(label)}</text>`);
    parts.push(`<rect x="${left}" y="${y + 4}" width="${Math.max(1, (value / max) * width)}" height="${rowH - 8}" fill="${label.startsWith('start') ? '#6a8caf' : '#c97b4a'}"/>`);
    parts.push(`<text x="${left + (value / max) * width + 6}" y="${y + 16}">${value}x</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
