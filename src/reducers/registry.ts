/**
 * Every reducer, in one list. Order decides nothing: explicit --family, then the longest argv
 * claim, then the best detect() score, then the generic fallbacks.
 */
import type { Reducer } from '../core/types.js';
import { aptReducer } from './packages/apt.js';
import { aptQueryReducer } from './packages/apt-query.js';
import { cargoQueryReducer } from './packages/cargo-query.js';
import { goQueryReducer } from './packages/go-query.js';
import { binaryReducer } from './generic/binary.js';
import { cargoBuildReducer } from './compilers/cargo-build.js';
import { cargoDepsReducer } from './packages/cargo-deps.js';
import { cargoTestReducer } from './tests/cargo-test.js';
import { ciLogReducer } from './generic/ci-log.js';
import { diffReducer } from './generic/diff.js';
import { dockerBuildReducer } from './docker/docker-build.js';
import { dockerCliReducer } from './docker/docker-cli.js';
import { dockerComposeReducer } from './docker/docker-compose.js';
import { dockerLogsReducer } from './docker/docker-logs.js';
import { dockerPsReducer } from './docker/docker-ps.js';
import { eslintReducer } from './compilers/eslint.js';
import { gccReducer } from './compilers/gcc.js';
import { ghApiReducer } from './gh/gh-api.js';
import { ghListReducer } from './gh/gh-list.js';
import { ghPrChecksReducer } from './gh/gh-pr-checks.js';
import { ghPrViewReducer } from './gh/gh-pr-view.js';
import { ghRunViewReducer } from './gh/gh-run-view.js';
import { gitDiffReducer } from './git/git-diff.js';
import { gitLogReducer } from './git/git-log.js';
import { gitOpsReducer } from './git/git-ops.js';
import { gitQueryReducer } from './git/git-query.js';
import { gitStatusReducer } from './git/git-status.js';
import { goBuildReducer } from './compilers/go-build.js';
import { goTestReducer } from './tests/go-test.js';
import { jestReducer } from './tests/jest.js';
import { jsonReducer } from './generic/json.js';
import { kubectlApplyReducer } from './kubectl/kubectl-apply.js';
import { kubectlDescribeReducer } from './kubectl/kubectl-describe.js';
import { kubectlEventsReducer } from './kubectl/kubectl-events.js';
import { kubectlGetReducer } from './kubectl/kubectl-get.js';
import { kubectlLogsReducer } from './kubectl/kubectl-logs.js';
import { mochaReducer } from './tests/mocha.js';
import { nodeTestReducer } from './tests/node-test.js';
import { npmAuditReducer } from './packages/npm-audit.js';
import { npmInstallReducer } from './packages/npm-install.js';
import { npmQueryReducer } from './packages/npm-query.js';
import { pipInstallReducer } from './packages/pip-install.js';
import { pipQueryReducer } from './packages/pip-query.js';
import { pytestReducer } from './tests/pytest.js';
import { sourceReducer } from './generic/source.js';
import { terraformReducer } from './terraform/terraform.js';
import { textReducer } from './generic/text.js';
import { tscReducer } from './compilers/tsc.js';
import { unittestReducer } from './tests/unittest.js';
import { vitestReducer } from './tests/vitest.js';
import { listReducer } from './generic/list.js';
import { logReducer } from './generic/log.js';
import { recordsReducer } from './generic/records.js';
import { sqlReducer } from './generic/sql.js';
import { tableReducer } from './generic/table.js';
import { tracebackReducer } from './generic/traceback.js';
import { jsStackReducer } from './generic/js-stack.js';
import { treeReducer } from './generic/tree.js';

export const reducers: readonly Reducer[] = [
  aptReducer,
  aptQueryReducer,
  binaryReducer,
  cargoBuildReducer,
  cargoDepsReducer,
  cargoTestReducer,
  cargoQueryReducer,
  goQueryReducer,
  ciLogReducer,
  diffReducer,
  dockerBuildReducer,
  dockerCliReducer,
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
  gitQueryReducer,
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
  npmQueryReducer,
  pipInstallReducer,
  pipQueryReducer,
  pytestReducer,
  sourceReducer,
  terraformReducer,
  textReducer,
  tscReducer,
  unittestReducer,
  vitestReducer,
  listReducer,
  logReducer,
  recordsReducer,
  sqlReducer,
  tableReducer,
  tracebackReducer,
  jsStackReducer,
  treeReducer,
];

export { fallbacks } from './generic/fallbacks.js';
