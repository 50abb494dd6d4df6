/**
 * Every reducer, in one list. Order decides nothing: explicit --family, then the longest argv
 * claim, then the best detect() score, then the generic fallbacks.
 */
import type { Reducer } from '../core/types.js';
import { aptReducer } from './apt.js';
import { binaryReducer } from './binary.js';
import { cargoDepsReducer } from './cargo-deps.js';
import { ciLogReducer } from './ci-log.js';
import { diffReducer } from './diff.js';
import { dockerBuildReducer } from './docker-build.js';
import { dockerComposeReducer } from './docker-compose.js';
import { dockerLogsReducer } from './docker-logs.js';
import { dockerPsReducer } from './docker-ps.js';
import { ghApiReducer } from './gh-api.js';
import { ghListReducer } from './gh-list.js';
import { ghPrChecksReducer } from './gh-pr-checks.js';
import { ghPrViewReducer } from './gh-pr-view.js';
import { ghRunViewReducer } from './gh-run-view.js';
import { gitDiffReducer } from './git-diff.js';
import { gitLogReducer } from './git-log.js';
import { gitOpsReducer } from './git-ops.js';
import { gitStatusReducer } from './git-status.js';
import { jsonReducer } from './json.js';
import { npmAuditReducer } from './npm-audit.js';
import { npmInstallReducer } from './npm-install.js';
import { pipInstallReducer } from './pip-install.js';
import { terraformReducer } from './terraform.js';
import { textReducer } from './text.js';

export const reducers: readonly Reducer[] = [
  aptReducer,
  binaryReducer,
  cargoDepsReducer,
  ciLogReducer,
  diffReducer,
  dockerBuildReducer,
  dockerComposeReducer,
  dockerLogsReducer,
  dockerPsReducer,
  ghApiReducer,
  ghListReducer,
  ghPrChecksReducer,
  ghPrViewReducer,
  ghRunViewReducer,
  gitDiffReducer,
  gitLogReducer,
  gitOpsReducer,
  gitStatusReducer,
  jsonReducer,
  npmAuditReducer,
  npmInstallReducer,
  pipInstallReducer,
  terraformReducer,
  textReducer,
];

/** The generic reducers every family degrades to. */
export const fallbacks = { text: textReducer, json: jsonReducer, diff: diffReducer, binary: binaryReducer } as const;
