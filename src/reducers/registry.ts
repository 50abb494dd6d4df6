/**
 * Every reducer, in one list: each row is a reducer's claims (what detection reads, imported here)
 * and its body, imported only when detection chooses it (its own chunk in the build, so a run
 * evaluates one reducer's parsers, not all of them). Order decides nothing: explicit --family, then
 * the longest argv claim, then the best detect() score, then the generic fallbacks.
 */
import type { Config } from '../config.js';
import type { Reducer, ReducerClaims, RegisteredReducer } from '../core/types.js';
import { aptClaims } from './packages/apt.claims.js';
import { aptQueryClaims } from './packages/apt-query.claims.js';
import { binaryClaims } from './generic/binary.claims.js';
import { cargoBuildClaims } from './compilers/cargo-build.claims.js';
import { cargoDepsClaims } from './packages/cargo-deps.claims.js';
import { cargoQueryClaims } from './packages/cargo-query.claims.js';
import { cargoTestClaims } from './tests/cargo-test.claims.js';
import { ciLogClaims } from './generic/ci-log.claims.js';
import { diffClaims } from './generic/diff.claims.js';
import { dockerBuildClaims } from './docker/docker-build.claims.js';
import { dockerCliClaims } from './docker/docker-cli.claims.js';
import { dockerComposeClaims } from './docker/docker-compose.claims.js';
import { dockerLogsClaims } from './docker/docker-logs.claims.js';
import { dockerPsClaims } from './docker/docker-ps.claims.js';
import { eslintClaims } from './compilers/eslint.claims.js';
import { gccClaims } from './compilers/gcc.claims.js';
import { ghApiClaims } from './gh/gh-api.claims.js';
import { ghListClaims } from './gh/gh-list.claims.js';
import { ghPrChecksClaims } from './gh/gh-pr-checks.claims.js';
import { ghPrViewClaims } from './gh/gh-pr-view.claims.js';
import { ghRunViewClaims } from './gh/gh-run-view.claims.js';
import { gitDiffClaims } from './git/git-diff.claims.js';
import { gitLogClaims } from './git/git-log.claims.js';
import { gitOpsClaims } from './git/git-ops.claims.js';
import { gitQueryClaims } from './git/git-query.claims.js';
import { gitStatusClaims } from './git/git-status.claims.js';
import { goBuildClaims } from './compilers/go-build.claims.js';
import { goQueryClaims } from './packages/go-query.claims.js';
import { goTestClaims } from './tests/go-test.claims.js';
import { jestClaims } from './tests/jest.claims.js';
import { junitClaims } from './tests/junit.claims.js';
import { jsonClaims } from './generic/json.claims.js';
import { jsStackClaims } from './generic/js-stack.claims.js';
import { kubectlApplyClaims } from './kubectl/kubectl-apply.claims.js';
import { kubectlDescribeClaims } from './kubectl/kubectl-describe.claims.js';
import { kubectlEventsClaims } from './kubectl/kubectl-events.claims.js';
import { kubectlGetClaims } from './kubectl/kubectl-get.claims.js';
import { kubectlLogsClaims } from './kubectl/kubectl-logs.claims.js';
import { listClaims } from './generic/list.claims.js';
import { makeDatabaseClaims } from './compilers/make-database.claims.js';
import { logClaims } from './generic/log.claims.js';
import { mochaClaims } from './tests/mocha.claims.js';
import { playwrightClaims } from './tests/playwright.claims.js';
import { nodeTestClaims } from './tests/node-test.claims.js';
import { npmAuditClaims } from './packages/npm-audit.claims.js';
import { npmInstallClaims } from './packages/npm-install.claims.js';
import { npmQueryClaims } from './packages/npm-query.claims.js';
import { pipInstallClaims } from './packages/pip-install.claims.js';
import { pipQueryClaims } from './packages/pip-query.claims.js';
import { pytestClaims } from './tests/pytest.claims.js';
import { recordsClaims } from './generic/records.claims.js';
import { sourceClaims } from './generic/source.claims.js';
import { sqlClaims } from './generic/sql.claims.js';
import { tableClaims } from './generic/table.claims.js';
import { terraformClaims } from './terraform/terraform.claims.js';
import { textClaims } from './generic/text.claims.js';
import { tracebackClaims } from './generic/traceback.claims.js';
import { treeClaims } from './generic/tree.claims.js';
import { tscClaims } from './compilers/tsc.claims.js';
import { unittestClaims } from './tests/unittest.claims.js';
import { vitestClaims } from './tests/vitest.claims.js';
import { userFamilyReducer } from './generic/user-family.js';

export const reducers: readonly RegisteredReducer[] = [
  lazy(aptClaims, () => import('./packages/apt.js').then((m) => m.aptReducer)),
  lazy(aptQueryClaims, () => import('./packages/apt-query.js').then((m) => m.aptQueryReducer)),
  lazy(binaryClaims, () => import('./generic/binary.js').then((m) => m.binaryReducer)),
  lazy(cargoBuildClaims, () => import('./compilers/cargo-build.js').then((m) => m.cargoBuildReducer)),
  lazy(cargoDepsClaims, () => import('./packages/cargo-deps.js').then((m) => m.cargoDepsReducer)),
  lazy(cargoTestClaims, () => import('./tests/cargo-test.js').then((m) => m.cargoTestReducer)),
  lazy(cargoQueryClaims, () => import('./packages/cargo-query.js').then((m) => m.cargoQueryReducer)),
  lazy(goQueryClaims, () => import('./packages/go-query.js').then((m) => m.goQueryReducer)),
  lazy(ciLogClaims, () => import('./generic/ci-log.js').then((m) => m.ciLogReducer)),
  lazy(diffClaims, () => import('./generic/diff.js').then((m) => m.diffReducer)),
  lazy(dockerBuildClaims, () => import('./docker/docker-build.js').then((m) => m.dockerBuildReducer)),
  lazy(dockerCliClaims, () => import('./docker/docker-cli.js').then((m) => m.dockerCliReducer)),
  lazy(dockerComposeClaims, () => import('./docker/docker-compose.js').then((m) => m.dockerComposeReducer)),
  lazy(dockerLogsClaims, () => import('./docker/docker-logs.js').then((m) => m.dockerLogsReducer)),
  lazy(dockerPsClaims, () => import('./docker/docker-ps.js').then((m) => m.dockerPsReducer)),
  lazy(eslintClaims, () => import('./compilers/eslint.js').then((m) => m.eslintReducer)),
  lazy(gccClaims, () => import('./compilers/gcc.js').then((m) => m.gccReducer)),
  lazy(ghApiClaims, () => import('./gh/gh-api.js').then((m) => m.ghApiReducer)),
  lazy(ghListClaims, () => import('./gh/gh-list.js').then((m) => m.ghListReducer)),
  lazy(ghPrChecksClaims, () => import('./gh/gh-pr-checks.js').then((m) => m.ghPrChecksReducer)),
  lazy(ghPrViewClaims, () => import('./gh/gh-pr-view.js').then((m) => m.ghPrViewReducer)),
  lazy(ghRunViewClaims, () => import('./gh/gh-run-view.js').then((m) => m.ghRunViewReducer)),
  lazy(gitDiffClaims, () => import('./git/git-diff.js').then((m) => m.gitDiffReducer)),
  lazy(gitLogClaims, () => import('./git/git-log.js').then((m) => m.gitLogReducer)),
  lazy(gitOpsClaims, () => import('./git/git-ops.js').then((m) => m.gitOpsReducer)),
  lazy(gitQueryClaims, () => import('./git/git-query.js').then((m) => m.gitQueryReducer)),
  lazy(gitStatusClaims, () => import('./git/git-status.js').then((m) => m.gitStatusReducer)),
  lazy(goBuildClaims, () => import('./compilers/go-build.js').then((m) => m.goBuildReducer)),
  lazy(goTestClaims, () => import('./tests/go-test.js').then((m) => m.goTestReducer)),
  lazy(jestClaims, () => import('./tests/jest.js').then((m) => m.jestReducer)),
  lazy(junitClaims, () => import('./tests/junit.js').then((m) => m.junitReducer)),
  lazy(jsonClaims, () => import('./generic/json.js').then((m) => m.jsonReducer)),
  lazy(kubectlApplyClaims, () => import('./kubectl/kubectl-apply.js').then((m) => m.kubectlApplyReducer)),
  lazy(kubectlDescribeClaims, () => import('./kubectl/kubectl-describe.js').then((m) => m.kubectlDescribeReducer)),
  lazy(kubectlEventsClaims, () => import('./kubectl/kubectl-events.js').then((m) => m.kubectlEventsReducer)),
  lazy(kubectlGetClaims, () => import('./kubectl/kubectl-get.js').then((m) => m.kubectlGetReducer)),
  lazy(kubectlLogsClaims, () => import('./kubectl/kubectl-logs.js').then((m) => m.kubectlLogsReducer)),
  lazy(makeDatabaseClaims, () => import('./compilers/make-database.js').then((m) => m.makeDatabaseReducer)),
  lazy(mochaClaims, () => import('./tests/mocha.js').then((m) => m.mochaReducer)),
  lazy(playwrightClaims, () => import('./tests/playwright.js').then((m) => m.playwrightReducer)),
  lazy(nodeTestClaims, () => import('./tests/node-test.js').then((m) => m.nodeTestReducer)),
  lazy(npmAuditClaims, () => import('./packages/npm-audit.js').then((m) => m.npmAuditReducer)),
  lazy(npmInstallClaims, () => import('./packages/npm-install.js').then((m) => m.npmInstallReducer)),
  lazy(npmQueryClaims, () => import('./packages/npm-query.js').then((m) => m.npmQueryReducer)),
  lazy(pipInstallClaims, () => import('./packages/pip-install.js').then((m) => m.pipInstallReducer)),
  lazy(pipQueryClaims, () => import('./packages/pip-query.js').then((m) => m.pipQueryReducer)),
  lazy(pytestClaims, () => import('./tests/pytest.js').then((m) => m.pytestReducer)),
  lazy(sourceClaims, () => import('./generic/source.js').then((m) => m.sourceReducer)),
  lazy(terraformClaims, () => import('./terraform/terraform.js').then((m) => m.terraformReducer)),
  lazy(textClaims, () => import('./generic/text.js').then((m) => m.textReducer)),
  lazy(tscClaims, () => import('./compilers/tsc.js').then((m) => m.tscReducer)),
  lazy(unittestClaims, () => import('./tests/unittest.js').then((m) => m.unittestReducer)),
  lazy(vitestClaims, () => import('./tests/vitest.js').then((m) => m.vitestReducer)),
  lazy(listClaims, () => import('./generic/list.js').then((m) => m.listReducer)),
  lazy(logClaims, () => import('./generic/log.js').then((m) => m.logReducer)),
  lazy(recordsClaims, () => import('./generic/records.js').then((m) => m.recordsReducer)),
  lazy(sqlClaims, () => import('./generic/sql.js').then((m) => m.sqlReducer)),
  lazy(tableClaims, () => import('./generic/table.js').then((m) => m.tableReducer)),
  lazy(tracebackClaims, () => import('./generic/traceback.js').then((m) => m.tracebackReducer)),
  lazy(jsStackClaims, () => import('./generic/js-stack.js').then((m) => m.jsStackReducer)),
  lazy(treeClaims, () => import('./generic/tree.js').then((m) => m.treeReducer)),
];

/** A row whose body is imported on first use; every caller then shares the one body. */
function lazy(claims: ReducerClaims, importBody: () => Promise<Reducer>): RegisteredReducer {
  let body: Reducer | undefined;
  let loading: Promise<Reducer> | undefined;
  return { ...claims, loaded: () => body, load: () => (loading ??= importBody().then((b) => (body = b))) };
}

/** A row for a reducer that is at hand already (a config family, a test's own reducer). */
export function registered(reducer: Reducer): RegisteredReducer {
  return { ...reducer, loaded: () => reducer, load: async () => reducer };
}

function row(name: string): RegisteredReducer {
  return reducers.find((r) => r.name === name)!;
}

/** The generic reducers every family degrades to, and that config-defined families route to. */
export const fallbacks = { text: row('text'), json: row('json'), diff: row('diff'), binary: row('binary') } as const;

/**
 * The reducers detection chooses from: user families first, then the built-in ones.
 * REDUCE_GENERIC_ONLY=1 leaves only the generic text/JSON/diff/binary reducers, to measure the
 * fallback every family degrades to.
 */
export function reducersFor(config: Config, env: NodeJS.ProcessEnv = process.env): RegisteredReducer[] {
  const builtin = env.REDUCE_GENERIC_ONLY === '1' ? Object.values(fallbacks) : reducers;
  return [...config.families.map((family) => userFamilyReducer(family, fallbacks[family.reducer])), ...builtin];
}

/** Loads every body: for the synchronous library API (api.ts), which cannot wait for one mid-run. */
export async function loadAllReducers(): Promise<void> {
  await Promise.all(reducers.map((r) => r.load()));
}
