/** What detection reads of `pip-install`, loaded on every run; the body (./pip-install.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const CONTENT = /^(?:Collecting \S|Successfully installed |Requirement already satisfied: |ERROR: (?:Could not find a version|No matching distribution|Could not build wheels|Failed building wheel|Cannot install|Could not open requirements file|ResolutionImpossible)|Looking in (?:indexes|links): |  error: subprocess-exited-with-error|Installing collected packages: |Building wheels for collected packages: |Successfully built \S|Processing \S+\.(?:whl|tar\.gz|zip)\b|Saved \S+\.(?:whl|tar\.gz|zip)$)/m;

export const pipInstallClaims: ReducerClaims = {
  name: 'pip-install',
  family: 'pip',
  intent: 'verdict',
  claims: ['pip install', 'pip3 install', 'pip download', 'pip wheel', 'uv pip install', 'uv pip sync', 'pip-sync'],
  lane: 'internal',
  detect(probe) {
    const both = probe.head + '\n' + probe.stderrHead;
    if (!CONTENT.test(both)) return 0;
    return /^(?:Collecting |Successfully installed |ERROR: (?:No matching distribution|Could not find a version))/m.test(both) ? 0.85 : 0.6;
  },
};
