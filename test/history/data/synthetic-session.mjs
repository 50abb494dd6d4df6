#!/usr/bin/env node
// Prints the synthetic session as Anthropic Messages JSON: 10 turns, each with
// 4 tool calls whose outputs are about 2,000 o200k tokens (distinct lines, like a real listing).
//   node test/history/data/synthetic-session.mjs > /tmp/synthetic.json
//   reduce history stats --strategy tool_pruning /tmp/synthetic.json
function bigOutput(seed) {
  const lines = [];
  for (let i = 0; lines.join('\n').length < 5_600; i++) lines.push(`src/module_${seed}_${i}.ts:${(i * 7) % 113}: warning TS${6000 + i}: unused value 'v${i}${seed}'`);
  return lines.join('\n');
}
const messages = [];
let id = 0;
const use = (name) => ({ type: 'tool_use', id: `toolu_${++id}`, name, input: { command: `${name.toLowerCase()} part` } });
const result = (call, seed) => ({ type: 'tool_result', tool_use_id: call.id, content: bigOutput(seed) });
for (let t = 0; t < 10; t++) {
  messages.push({ role: 'user', content: `Question ${t + 1}: what changed in part ${t + 1}?` });
  const [a, b, c, d] = [use('Bash'), use('Read'), use('Bash'), use('Grep')];
  messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, a, b] });
  messages.push({ role: 'user', content: [result(a, t * 4), result(b, t * 4 + 1)] });
  messages.push({ role: 'assistant', content: [c] });
  messages.push({ role: 'user', content: [result(c, t * 4 + 2)] });
  messages.push({ role: 'assistant', content: [d] });
  messages.push({ role: 'user', content: [result(d, t * 4 + 3)] });
  messages.push({ role: 'assistant', content: [{ type: 'text', text: `Part ${t + 1} changed in three files; the build passes.` }] });
}
process.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
