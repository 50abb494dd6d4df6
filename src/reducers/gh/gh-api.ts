/**
 * `gh api` output, and GitHub JSON piped in from anywhere (`gh ... --json`, curl of api.github.com):
 * REST payloads such as `{"total_count":593,"workflow_runs":[...]}`, issue lists, GraphQL `data`.
 * Failing checks and runs first, rows sampled, bodies clipped; unknown shapes get the JSON digest.
 * Docs: https://cli.github.com/manual/gh_api
 */
import type { JsonStyle, PacketParts, Reducer } from '../../core/types.js';
import { distillJson } from '../generic/json.js';
import { LogDigest } from '../generic/log-digest.js';
import { distillGitHub } from './github-json.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { ghApiClaims } from './gh-api.claims.js';

export const ghApiReducer: Reducer = {
  ...ghApiClaims,
  version: '1.0.1',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    return {
      line: (stream, n, text) => digest.line(stream, n, text),
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        return reduceGitHubJson(parsed, digest, exit.code !== null && exit.code !== 0, exit);
      },
    };
  },
};

/** Shared by the gh reducers that accept `--json`: GitHub shapes first, then the generic JSON digest. */
export function reduceGitHubJson(parsed: { doc: unknown; style: JsonStyle } | null, digest: LogDigest, failedExit: boolean, exit: Parameters<LogDigest['finish']>[0]): PacketParts {
  if (!parsed) return digest.finish(exit);
  const own = distillGitHub(parsed.doc, parsed.style, digest, failedExit) ?? distillJson(parsed.doc, parsed.style, digest, failedExit);
  return withStderrErrors(own, digest, exit);
}
