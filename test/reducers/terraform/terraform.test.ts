import { describe, expect, it } from 'vitest';
import { durationSeconds, TerraformText } from '../../../src/reducers/terraform/terraform-text.js';
import { foldAddressRuns } from '../../../src/reducers/generic/address-runs.js';
import { terraformReducer } from '../../../src/reducers/terraform/terraform.js';

function feed(lines: string[], stream: 'stdout' | 'stderr' = 'stdout'): TerraformText {
  const tf = new TerraformText();
  lines.forEach((text, i) => tf.line(stream, i + 1, text));
  tf.end();
  return tf;
}

describe('TerraformText', () => {
  it('reads action headers, reasons and the Plan line', () => {
    const tf = feed([
      '  # aws_instance.web[0] will be destroyed',
      '  # (because index [0] is out of range for count)',
      '  - resource "aws_instance" "web" {',
      '  # module.db.aws_db_instance.main is tainted, so must be replaced',
      '  # aws_s3_bucket.logs will be created',
      '  # aws_iam_role.ci will be updated in-place',
      'Plan: 2 to add, 1 to change, 2 to destroy.',
    ]);
    expect(tf.headers.map((h) => [h.address, h.action])).toEqual([
      ['aws_instance.web[0]', 'delete'],
      ['module.db.aws_db_instance.main', 'replace'],
      ['aws_s3_bucket.logs', 'create'],
      ['aws_iam_role.ci', 'update'],
    ]);
    expect(tf.headers[0]).toMatchObject({ from: 1, to: 2 });
    expect(tf.plan?.counts).toEqual({ add: 2, change: 1, destroy: 2 });
  });

  it('counts drift outside Terraform apart from planned actions', () => {
    const tf = feed(['  # azurerm_firewall_policy.p has been deleted', '  # aws_s3_bucket.b will be destroyed']);
    expect(tf.actionCounts).toEqual({ drift: 1, delete: 1 });
  });

  it('reads boxed diagnostics with file, line and resource', () => {
    const tf = feed(['╷', '│ Error: local-exec provisioner error', '│ ', '│   with terraform_data.migrate,', '│   on main.tf line 9, in resource "terraform_data" "migrate":', '│    9:   provisioner "local-exec" {', '│ ', '│ Error running command: exit status 2', '╵'], 'stderr');
    expect(tf.diagnostics).toEqual([
      { severity: 'error', summary: 'local-exec provisioner error', at: 'main.tf:9', resource: 'terraform_data.migrate', detail: 'Error running command: exit status 2', stream: 'stderr', from: 1, to: 9, boxed: true },
    ]);
  });

  it('reads plain diagnostics and uses the first detail of "N error occurred"', () => {
    const tf = feed(['Error: 1 error occurred:', '\t* all attributes must be indexed', '', '  on db.tf line 1, in resource "x" "y":', '', 'Warning: Deprecated attribute', '', '  on main.tf line 4:']);
    expect(tf.diagnostics.map((d) => [d.severity, d.summary, d.at, d.from, d.to])).toEqual([
      ['error', 'all attributes must be indexed', 'db.tf:1', 1, 4],
      ['warning', 'Deprecated attribute', 'main.tf:4', 6, 8],
    ]);
  });

  it('tracks completions, the slowest, and what never completed', () => {
    const tf = feed(['a.b: Creating...', 'c.d: Creating...', 'a.b: Still creating... [10s elapsed]', 'a.b: Creation complete after 8m19s [id=x]', 'Apply complete! Resources: 1 added, 0 changed, 0 destroyed.']);
    expect(tf.slowest[0]?.text).toBe('a.b: Creation complete after 8m19s');
    expect([...tf.inFlight.keys()]).toEqual(['c.d']);
    expect(tf.done?.counts).toEqual({ added: 1, changed: 0, destroyed: 0 });
  });

  it('parses durations', () => {
    expect(durationSeconds('8m19s')).toBe(499);
    expect(durationSeconds('1h2m0s')).toBe(3720);
    expect(durationSeconds('0s')).toBe(0);
  });
});

describe('foldAddressRuns', () => {
  it('folds runs of three or more consecutive indexes, keeping first and last', () => {
    expect(foldAddressRuns(['a.b', 'x.y[0]', 'x.y[1]', 'x.y[2]', 'x.y[4]', 'z[0]', 'z[1]'])).toEqual(['a.b', 'x.y[0] … x.y[2] (3)', 'x.y[4]', 'z[0]', 'z[1]']);
  });
});

describe('terraform reducer', () => {
  it('detects plans and JSON plans by content, not other text', () => {
    const probe = (head: string) => terraformReducer.detect({ argv: [], head, stderrHead: '' });
    expect(probe('\nTerraform will perform the following actions:\n')).toBeGreaterThanOrEqual(0.9);
    expect(probe('{"format_version":"1.2","terraform_version":"1.11.4","variables":{}}')).toBeGreaterThanOrEqual(0.9);
    expect(probe('hello world\nError: something\n')).toBe(0);
  });

  it('cites every replaced resource in a JSON plan as mandatory', () => {
    const run = terraformReducer.start({ argv: [], errorPatterns: [], head: '' });
    run.line('stdout', 1, '{}');
    run.json!({ format_version: '1.2', terraform_version: '1.11.4', resource_changes: [{ address: 'a.b', change: { actions: ['create', 'delete'] } }, { address: 'c.d', change: { actions: ['create'] } }] }, 'compact');
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    expect(parts.status).toBe('warn');
    expect(parts.fields.replace).toEqual(['a.b']);
    expect(parts.citations.filter((c) => c.priority === 'mandatory').map((c) => ('pointer' in c ? c.pointer : ''))).toEqual(['', '/resource_changes/0']);
  });
});

describe('a plan\'s resource blocks', () => {
  // Three blocks as `terraform plan -no-color` prints them: two deployments changing one image the same way, and a
  // replacement forced by an attribute; then creates of two resources, the second one twice.
  const update = (key: string, id: string): string[] => [
    `  # terraform_data.deployment["${key}"] will be updated in-place`,
    '  ~ resource "terraform_data" "deployment" {',
    `        id     = "${id}"`,
    '      ~ input  = {',
    '          ~ image   = "registry.internal/cart:1.2.0" -> "registry.internal/cart:1.2.1"',
    '            # (2 unchanged attributes hidden)',
    '        }',
    '      ~ output = {',
    '          - image   = "registry.internal/cart:1.2.0"',
    '        } -> (known after apply)',
    '    }',
    '',
  ];
  const plan = [
    ...update('cart/eu-west-1', '6305a564'),
    ...update('cart/us-east-1', 'ae2ab347'),
    '  # terraform_data.deployment["orders/eu-west-1"] must be replaced',
    '-/+ resource "terraform_data" "deployment" {',
    '      ~ id               = "00dc0026" -> (known after apply)',
    '      ~ triggers_replace = [',
    '          ~ "web" -> "core",',
    '        ]',
    '    }',
    '',
    '  # terraform_data.deployment["auth/ap-south-1"] will be created',
    '  + resource "terraform_data" "deployment" {',
    '      + id     = (known after apply)',
    '    }',
    '',
    '  # terraform_data.deployment["cart/ap-south-1"] will be created',
    '  + resource "terraform_data" "deployment" {',
    '      + id     = (known after apply)',
    '    }',
    '',
    '  # terraform_data.dns[3] will be created',
    '  + resource "terraform_data" "dns" {',
    '      + id     = (known after apply)',
    '    }',
    '',
    'Plan: 3 to add, 2 to change, 1 to destroy.',
  ];

  it('ends each block at its closing brace and keeps the value changes that are known before apply', () => {
    const tf = feed(plan);
    expect(tf.headers.map((h) => [h.from, h.blockTo])).toEqual([[1, 11], [13, 23], [25, 31], [33, 36], [38, 41], [43, 46]]);
    expect(tf.headers[0]!.changes).toBe('terraform_data.deployment[]\n~ image   = "registry.internal/cart:1.2.0" -> "registry.internal/cart:1.2.1"');
    expect(tf.headers[1]!.changes).toBe(tf.headers[0]!.changes);
    expect(tf.headers[2]!.changes).toBe('terraform_data.deployment[]\n~ "web" -> "core",');
  });

  it('cites a replacement\'s and an update\'s block once per distinct change, and the first create of each resource above the rest', () => {
    const run = terraformReducer.start({ argv: ['terraform', 'plan'], errorPatterns: [], head: '' });
    plan.forEach((text, i) => run.line('stdout', i + 1, text));
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    const cites = parts.citations.filter((c) => 'from' in c && c.kind !== undefined && ['change', 'create', 'update'].includes(c.kind)).map((c) => ('from' in c ? [c.from, c.to, c.priority] : []));
    expect(cites).toEqual([
      [1, 11, 'normal'], // the first image bump, whole
      [13, 13, 'low'], // the same bump again: its header
      [25, 31, 'high'], // the replacement and the attribute that forces it
      [33, 33, 'normal'], // the first deployment created
      [38, 38, 'low'],
      [43, 43, 'normal'], // the only dns record created
    ]);
  });

  it('does not cite the blocks of an apply or of a failed run: what happened is the point', () => {
    const blocks = (lines: string[], code: number): unknown[] => {
      const run = terraformReducer.start({ argv: ['terraform', 'apply'], errorPatterns: [], head: '' });
      lines.forEach((text, i) => run.line('stdout', i + 1, text));
      return run.finish({ code, signal: null, timedOut: false }).citations.filter((c) => c.kind === 'change' || c.kind === 'create');
    };
    expect(blocks([...plan, '', 'Apply complete! Resources: 3 added, 2 changed, 1 destroyed.'], 0)).toEqual([]);
    expect(blocks([...plan, '', 'terraform_data.dns[3]: Creating...'], 1)).toEqual([]);
    expect(blocks(plan, 1)).toEqual([]);
  });
});

describe('terraform -json machine-readable UI', () => {
  it('reads planned changes, the change summary and diagnostics', () => {
    const tf = feed([
      '{"@level":"info","@message":"Terraform 1.11.4","type":"version"}',
      '{"@level":"info","@message":"aws_db_instance.main: Plan to replace","change":{"resource":{"addr":"aws_db_instance.main"},"action":"replace"},"type":"planned_change"}',
      '{"@level":"info","@message":"aws_s3_bucket.b: Plan to create","change":{"resource":{"addr":"aws_s3_bucket.b"},"action":"create"},"type":"planned_change"}',
      '{"@level":"info","@message":"Plan: 2 to add, 0 to change, 1 to destroy.","changes":{"add":2},"type":"change_summary"}',
      '{"@level":"error","@message":"Error: Bad thing","diagnostic":{"severity":"error","summary":"Bad thing","range":{"filename":"db.tf","start":{"line":12}}},"type":"diagnostic"}',
    ]);
    expect(tf.headers.map((h) => [h.address, h.action, h.from])).toEqual([
      ['aws_db_instance.main', 'replace', 2],
      ['aws_s3_bucket.b', 'create', 3],
    ]);
    expect(tf.plan?.counts).toEqual({ add: 2, change: 0, destroy: 1 });
    expect(tf.diagnostics.map((d) => [d.summary, d.at, d.from])).toEqual([['Bad thing', 'db.tf:12', 5]]);
  });
});
