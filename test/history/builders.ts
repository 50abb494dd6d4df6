/**
 * Small conversations written from one abstract spec into every format, so each test states
 * the shape once and runs it through all adapters.
 */
export interface CallSpec {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** The tool's output; undefined for a call that never got a result. */
  output?: string;
}

export type StepSpec =
  | { kind: 'text'; text: string }
  | { kind: 'thinking'; text: string }
  | { kind: 'tools'; calls: CallSpec[] };

export interface TurnSpec {
  prompt: string;
  steps: StepSpec[];
}

export interface ConversationSpec {
  system?: string;
  turns: TurnSpec[];
}

export type FormatName = 'anthropic' | 'openai-chat' | 'openai-responses' | 'converse' | 'claude-code' | 'codex' | 'openhands' | 'swe-agent';
export const ALL_FORMATS: FormatName[] = ['anthropic', 'openai-chat', 'openai-responses', 'converse', 'claude-code', 'codex'];
/** Every supported input shape, the agent-run containers (OpenHands events, a SWE-agent trajectory) included. */
export const EVERY_FORMAT: FormatName[] = [...ALL_FORMATS, 'openhands', 'swe-agent'];

/** The assistant/tool exchanges of a turn as message groups: [assistant blocks, results]. */
interface Exchange {
  parts: StepSpec[];
  results: CallSpec[];
}

function exchanges(turn: TurnSpec): Exchange[] {
  const out: Exchange[] = [];
  let parts: StepSpec[] = [];
  for (const step of turn.steps) {
    parts.push(step);
    if (step.kind === 'tools') {
      out.push({ parts, results: step.calls.filter((c) => c.output !== undefined) });
      parts = [];
    }
  }
  if (parts.length > 0) out.push({ parts, results: [] });
  return out;
}

function anthropicMessages(spec: ConversationSpec): Array<Record<string, unknown>> {
  const messages: Array<Record<string, unknown>> = [];
  for (const turn of spec.turns) {
    messages.push({ role: 'user', content: turn.prompt });
    for (const ex of exchanges(turn)) {
      const content = ex.parts.flatMap((p): Array<Record<string, unknown>> => {
        if (p.kind === 'text') return [{ type: 'text', text: p.text }];
        if (p.kind === 'thinking') return [{ type: 'thinking', thinking: p.text, signature: 'sig' }];
        return p.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input }));
      });
      messages.push({ role: 'assistant', content });
      if (ex.results.length > 0) {
        messages.push({ role: 'user', content: ex.results.map((c) => ({ type: 'tool_result', tool_use_id: c.id, content: c.output })) });
      }
    }
  }
  return messages;
}

function chatMessages(spec: ConversationSpec): Array<Record<string, unknown>> {
  const messages: Array<Record<string, unknown>> = spec.system ? [{ role: 'system', content: spec.system }] : [];
  for (const turn of spec.turns) {
    messages.push({ role: 'user', content: turn.prompt });
    for (const ex of exchanges(turn)) {
      const text = ex.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : p.kind === 'thinking' ? [`<thinking>${p.text}</thinking>`] : []));
      const calls = ex.parts.flatMap((p) => (p.kind === 'tools' ? p.calls : []));
      const message: Record<string, unknown> = { role: 'assistant', content: text.length > 0 ? text.join('\n') : null };
      if (calls.length > 0) message['tool_calls'] = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.input) } }));
      messages.push(message);
      for (const c of ex.results) messages.push({ role: 'tool', tool_call_id: c.id, content: c.output });
    }
  }
  return messages;
}

function responsesItems(spec: ConversationSpec): Array<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = spec.system ? [{ type: 'message', role: 'developer', content: [{ type: 'input_text', text: spec.system }] }] : [];
  for (const turn of spec.turns) {
    items.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: turn.prompt }] });
    for (const ex of exchanges(turn)) {
      for (const p of ex.parts) {
        if (p.kind === 'text') items.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: p.text }] });
        else if (p.kind === 'thinking') items.push({ type: 'reasoning', summary: [{ type: 'summary_text', text: p.text }], encrypted_content: 'xyz' });
        else for (const c of p.calls) items.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: JSON.stringify(c.input) });
      }
      for (const c of ex.results) items.push({ type: 'function_call_output', call_id: c.id, output: c.output });
    }
  }
  return items;
}

function converseMessages(spec: ConversationSpec): Array<Record<string, unknown>> {
  return anthropicMessages(spec).map((m) => ({
    role: m['role'],
    content: (typeof m['content'] === 'string' ? [{ type: 'text', text: m['content'] }] : (m['content'] as Array<Record<string, unknown>>)).map((b) => {
      if (b['type'] === 'text') return { text: b['text'] };
      if (b['type'] === 'thinking') return { reasoningContent: { reasoningText: { text: b['thinking'], signature: 'sig' } } };
      if (b['type'] === 'tool_use') return { toolUse: { toolUseId: b['id'], name: b['name'], input: b['input'] } };
      return { toolResult: { toolUseId: b['tool_use_id'], content: [{ text: b['content'] }], status: 'success' } };
    }),
  }));
}

/** Claude Code writes one line per content block; results one per line. */
function claudeCodeLines(spec: ConversationSpec): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [{ type: 'permission-mode', permissionMode: 'default' }];
  let n = 0;
  for (const message of anthropicMessages(spec)) {
    const uuid = `u${n++}`;
    if (message['role'] === 'assistant') {
      const id = `msg_${n}`;
      for (const block of message['content'] as unknown[]) lines.push({ type: 'assistant', uuid, message: { id, role: 'assistant', content: [block] } });
    } else if (typeof message['content'] === 'string') {
      lines.push({ type: 'user', uuid, message: { role: 'user', content: message['content'] } });
    } else {
      for (const block of message['content'] as unknown[]) lines.push({ type: 'user', uuid, message: { role: 'user', content: [block] }, toolUseResult: { stdout: 'dup' } });
    }
  }
  return lines;
}

function codexLines(spec: ConversationSpec): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [{ timestamp: 't', type: 'session_meta', payload: { id: 's', base_instructions: { text: spec.system ?? 'base' } } }];
  for (const item of responsesItems({ turns: spec.turns })) {
    lines.push({ timestamp: 't', type: 'response_item', payload: item });
    if (item['type'] === 'function_call_output') lines.push({ timestamp: 't', type: 'event_msg', payload: { type: 'exec_command_end', call_id: item['call_id'] } });
  }
  return lines;
}

/** OpenHands evaluation output: one line whose `history` holds the events (actions, observations). */
function openhandsLines(spec: ConversationSpec): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [{ id: 0, source: 'agent', action: 'system', args: { content: spec.system ?? 'system' } }];
  const push = (event: Record<string, unknown>): void => void events.push({ id: events.length, ...event });
  let response = 0;
  for (const turn of spec.turns) {
    push({ source: 'user', action: 'message', args: { content: turn.prompt } });
    for (const ex of exchanges(turn)) {
      const text = ex.parts.flatMap((p) => (p.kind === 'tools' ? [] : [p.text])).join('\n');
      const calls = ex.parts.flatMap((p) => (p.kind === 'tools' ? p.calls : []));
      if (calls.length === 0) {
        push({ source: 'agent', action: 'message', args: { content: text } });
        continue;
      }
      const model_response = { id: `resp${++response}`, choices: [{ message: { content: text, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.input) } })) } }] };
      const meta = (c: CallSpec): Record<string, unknown> => ({ function_name: c.name, tool_call_id: c.id, model_response, total_calls_in_response: calls.length });
      for (const c of calls) push({ source: 'agent', action: 'run', args: c.input, tool_call_metadata: meta(c) });
      for (const c of ex.results) push({ source: 'agent', observation: 'run', content: c.output, extras: { metadata: { exit_code: 0 } }, tool_call_metadata: meta(c) });
    }
  }
  return [{ instance_id: 'task-1', history: events }];
}

/** A SWE-agent trajectory: Chat messages in `history`, tool messages with `tool_call_ids` and text blocks. */
function sweAgentTrajectory(spec: ConversationSpec): Record<string, unknown> {
  const history = chatMessages(spec).map((m) =>
    m['role'] === 'tool' ? { role: 'tool', tool_call_ids: [m['tool_call_id']], content: [{ type: 'text', text: m['content'] }] } : m,
  );
  return { trajectory: [], history, info: { exit_status: 'submitted' } };
}

/** Writes the spec in `format`. */
export function build(spec: ConversationSpec, format: FormatName): unknown {
  switch (format) {
    case 'anthropic':
      return spec.system ? { model: 'm', system: spec.system, messages: anthropicMessages(spec) } : anthropicMessages(spec);
    case 'openai-chat':
      return chatMessages(spec);
    case 'openai-responses':
      return responsesItems(spec);
    case 'converse':
      return spec.system ? { system: [{ text: spec.system }], messages: converseMessages(spec) } : converseMessages(spec);
    case 'claude-code':
      return claudeCodeLines(spec);
    case 'codex':
      return codexLines(spec);
    case 'openhands':
      return openhandsLines(spec);
    case 'swe-agent':
      return sweAgentTrajectory(spec);
  }
}

let counter = 0;
/** A call with a unique id. */
export function call(name: string, output: string | undefined, input: Record<string, unknown> = { command: `${name.toLowerCase()} x` }): CallSpec {
  counter++;
  return { id: `call_${counter}`, name, input, ...(output === undefined ? {} : { output }) };
}

/** A turn that reads one file and answers. */
export function toolTurn(prompt: string, output = 'file contents', answer = `answer to ${prompt}`): TurnSpec {
  return { prompt, steps: [{ kind: 'text', text: 'Let me look.' }, { kind: 'tools', calls: [call('Read', output)] }, { kind: 'text', text: answer }] };
}

/** A store that records what it saved and returns predictable ids. */
export function fakeStore(): { save(text: string, meta: { tool: string }): string; saved: Array<{ id: string; text: string; tool: string }> } {
  const saved: Array<{ id: string; text: string; tool: string }> = [];
  return {
    saved,
    save(text, meta) {
      const id = `art-${saved.length + 1}`;
      saved.push({ id, text, tool: meta.tool });
      return id;
    },
  };
}
