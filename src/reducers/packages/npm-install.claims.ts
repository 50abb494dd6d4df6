/** What detection reads of `npm-install`, loaded on every run; the body (./npm-install.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { commandWords } from '../../core/argv.js';

export const CONTENT = /^npm (?:error|ERR!|warn|WARN) |^\s*ERR_PNPM_\w+|^Packages: \+\d+|^Progress: resolved \d+|^➤ YN\d{4}: |^yarn install v\d|^\[\d\/\d\] (?:Resolving|Fetching|Linking) packages|^(?:added|removed|changed) \d+ packages?(?:, and audited \d+ packages?)? in /m;

/** Lines only an install (or its failure) prints, as opposed to npm's warnings. */
const INSTALL_MARK = /^npm (?:error|ERR!) |^\s*ERR_PNPM_\w+|^Packages: \+\d+|^Progress: resolved \d+|^➤ YN\d{4}: |^yarn install v\d|^\[\d\/\d\] (?:Resolving|Fetching|Linking) packages|^(?:added|removed|changed) \d+ packages?|^up to date\b/m;

/** The share of non-blank lines that are npm's own warnings. */
function npmWarnShare(text: string): number {
  let lines = 0;
  let warns = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    lines++;
    if (/^npm (?:warn|WARN) /.test(line)) warns++;
  }
  return lines ? warns / lines : 0;
}

export const npmInstallClaims: ReducerClaims = {
  name: 'npm-install',
  family: 'npm',
  intent: 'verdict',
  claims: ['npm install', 'npm i', 'npm ci', 'npm add', 'npm update', 'npm uninstall', 'npm rebuild', 'npm dedupe', 'pnpm install', 'pnpm i', 'pnpm add', 'pnpm update', 'pnpm up', 'pnpm remove', 'yarn install', 'yarn add', 'yarn upgrade', 'yarn remove', 'bun install', 'bun add'],
  lane: 'internal',
  readsArgv: true,
  detect(probe) {
    const words = commandWords(probe.argv);
    if (words[0] === 'yarn' && words.length === 1) return 0.9;
    const both = probe.head + '\n' + probe.stderrHead;
    if (!CONTENT.test(both)) return 0;
    // npm prints its own warnings around any command it runs (`npx tool`, a config warning): a few such
    // lines before or after another tool's output do not make it an install.
    if (!INSTALL_MARK.test(both) && npmWarnShare(both) < 0.2) return 0;
    // `> app@1.0.0 build` opens the output of `npm run`: a script's own output, not an install.
    if (/^> \S+@\S+ [\w:-]+$/m.test(both)) return 0.3;
    return /^npm (?:error|ERR!) code |^\s*ERR_PNPM_|^(?:added|removed|changed) \d+ packages?/m.test(both) ? 0.85 : 0.6;
  },
};
