/**
 * Every reducer, in one list. Order decides nothing: explicit --family, then the longest argv
 * claim, then the best detect() score, then the generic fallbacks.
 */
import type { Reducer } from '../core/types.js';
import { aptReducer } from './apt.js';
import { binaryReducer } from './binary.js';
import { cargoBuildReducer } from './cargo-build.js';
import { cargoDepsReducer } from './cargo-deps.js';
import { cargoTestReducer } from './cargo-test.js';
import { ciLogReducer } from './ci-log.js';
import { diffReducer } from './diff.js';
import { dockerBuildReducer } from './docker-build.js';
import { dockerComposeReducer } from './docker-compose.js';
import { dockerLogsReducer } from './docker-logs.js';
import { dockerPsReducer } from './docker-ps.js';
import { eslintReducer } from './eslint.js';
import { gccReducer } from './gcc.js';
import { ghApiReducer } from './gh-api.js';
import { ghListReducer } from './gh-list.js';
import { ghPrChecksReducer } from './gh-pr-checks.js';
import { ghPrViewReducer } from './gh-pr-view.js';
import { ghRunViewReducer } from './gh-run-view.js';
import { gitDiffReducer } from './git-diff.js';
import { gitLogReducer } from './git-log.js';
import { gitOpsReducer } from './git-ops.js';
import { gitStatusReducer } from './git-status.js';
import { goBuildReducer } from './go-build.js';
import { goTestReducer } from './go-test.js';
import { jestReducer } from './jest.js';
import { jsonReducer } from './json.js';
import { kubectlApplyReducer } from './kubectl-apply.js';
import { kubectlDescribeReducer } from './kubectl-describe.js';
import { kubectlEventsReducer } from './kubectl-events.js';
import { kubectlGetReducer } from './kubectl-get.js';
import { kubectlLogsReducer } from './kubectl-logs.js';
import { mochaReducer } from './mocha.js';
import { nodeTestReducer } from './node-test.js';
import { npmAuditReducer } from './npm-audit.js';
import { npmInstallReducer } from './npm-install.js';
import { pipInstallReducer } from './pip-install.js';
import { pytestReducer } from './pytest.js';
import { sourceReducer } from './source.js';
import { terraformReducer } from './terraform.js';
import { textReducer } from './text.js';
import { tscReducer } from './tsc.js';
import { unittestReducer } from './unittest.js';
import { vitestReducer } from './vitest.js';

export const reducers: readonly Reducer[] = [
  aptReducer,
  binaryReducer,
  cargoBuildReducer,
  cargoDepsReducer,
  cargoTestReducer,
  ciLogReducer,
  diffReducer,
  dockerBuildReducer,
  dockerComposeReducer,
  dockerLogsReducer,
  dockerPsReducer,
  eslintReducer,
  gccReducer,
  ghApiReducer,
  ghListReducer,
  ghPrChecksReducer,
  ghPrViewReducer,
  ghRunViewReducer,
  gitDiffReducer,
  gitLogReducer,
  gitOpsReducer,
  gitStatusReducer,
  goBuildReducer,
  goTestReducer,
  jestReducer,
  jsonReducer,
  kubectlApplyReducer,
  kubectlDescribeReducer,
  kubectlEventsReducer,
  kubectlGetReducer,
  kubectlLogsReducer,
  mochaReducer,
  nodeTestReducer,
  npmAuditReducer,
  npmInstallReducer,
  pipInstallReducer,
  pytestReducer,
  sourceReducer,
  terraformReducer,
  textReducer,
  tscReducer,
  unittestReducer,
  vitestReducer,
];

/** The generic reducers every family degrades to. */
export const fallbacks = { text: textReducer, json: jsonReducer, diff: diffReducer, binary: binaryReducer } as const;
