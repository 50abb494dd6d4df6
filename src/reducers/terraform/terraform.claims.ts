/** What detection reads of `terraform`, loaded on every run; the body (./terraform.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';
import { commandWords } from '../../core/argv.js';

export const CONTENT =
  /^\{"@level":"\w+","@message":"(?:Terraform|OpenTofu) v?\d|Terraform will perform the following actions|OpenTofu will perform the following actions|^Plan: \d+ to add|^(?:Apply|Destroy) complete! Resources:|(?:Terraform|OpenTofu) has been successfully initialized|^Initializing (?:the backend|provider plugins)\.\.\.|^No changes\. Your infrastructure matches|: Refreshing state\.\.\. \[id=|: (?:Creation|Destruction) complete after \S+ \[id=|^│ +on \S+\.tf(?:\.json)? line \d+|^\s*on \S+\.tf line \d+, in /m;

export const JSON_PLAN = /^\s*\{\s*"format_version"\s*:\s*"[\d.]+"\s*,\s*"terraform_version"/;

export const terraformClaims: ReducerClaims = {
  name: 'terraform',
  family: 'terraform',
  claims: ['terraform', 'tofu', 'terragrunt'],
  lane: 'internal',
  detect(probe: Probe) {
    const program = commandWords(probe.argv)[0];
    if (program === 'terraform' || program === 'tofu' || program === 'terragrunt') return 0.95;
    if (JSON_PLAN.test(probe.head)) return 0.95;
    if (CONTENT.test(probe.head) || CONTENT.test(probe.stderrHead)) return 0.9;
    return 0;
  },
};
