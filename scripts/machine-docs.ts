/**
 * `npm run docs:machines`: writes docs/machines/<machine>.md for QA from each machine's definition
 * and its model (a Mermaid state diagram, the events, the transition inventory, the generated test
 * paths in words). `-- --check` writes nothing and fails when a document is out of date (CI).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { MACHINE_MODELS, type MachineModel } from '../tests/model/models';
import { eventKey } from '../tests/model/support/event-key';
import { inventory } from '../tests/model/support/inventory';
import { productSenders } from '../tests/model/support/senders';

const mermaidId = (node: AnyStateNode) => node.path.join('_').replace(/\W/g, '_') || 'root';
const guardText = (t: AnyTransitionDefinition) => {
  const g = t.guard as unknown;
  if (!g) return '';
  return ` [${typeof g === 'string' ? g : typeof g === 'object' && g && 'type' in g ? String((g as { type: unknown }).type) : 'guarded'}]`;
};

/** A Mermaid stateDiagram-v2 of the machine: nested states, initial and final states, every transition with its guard. */
function diagram(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const structure = (node: AnyStateNode, indent: string) => {
    if (node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mermaidId(node.initial.target[0])}`);
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state ${mermaidId(child)} {`);
        structure(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}${mermaidId(child)} : ${child.key}`);
        if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
      }
    }
  };
  // A transition defined on the root is drawn from every top-level state, the states it can leave.
  const edges = (node: AnyStateNode) => {
    const sources = node === machine.root ? (Object.values(node.states) as AnyStateNode[]) : [node];
    for (const [event, candidates] of [...node.transitions, ['always', node.always ?? []] as const]) {
      for (const t of candidates as AnyTransitionDefinition[]) {
        const label = `${event.replace(/^xstate\./, '')}${guardText(t)}`.replace(/:/g, '');
        for (const source of sources) {
          for (const target of t.target ?? [source]) lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${label}`);
        }
      }
    }
    (Object.values(node.states) as AnyStateNode[]).forEach(edges);
  };
  structure(machine.root, '  ');
  edges(machine.root);
  return lines.join('\n');
}

/** A JWT in words: its expiry date tells QA a valid stored token from an expired one. */
function tokenText(jwt: string): string {
  const exp = (JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { exp?: number }).exp;
  return exp === undefined ? '<token>' : `<token, expires ${new Date(exp * 1000).toISOString().slice(0, 10)}>`;
}

/** Where an event comes from, in words: an invoked service's answer, a timer, or the files of the product that send it. */
function eventSource(event: string, senders: Map<string, string[]>): string {
  const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event) ?? [];
  if (event === '(always)') return 'no event: taken as soon as its guard holds, after any step';
  if (id) return outcome === 'done' ? `the \`${id}\` service answered` : `the \`${id}\` service failed`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(event)?.[1];
  if (delay) return `the \`${delay}\` delay elapsed`;
  const files = senders.get(event);
  return files ? `sent by ${files.map((f) => `\`${f}\``).join(', ')}` : '**sent by nothing in src/** (see tests/model/events-sent.test.ts)';
}

function describeStep(event: { type: string }, state: AnyMachineSnapshot): string {
  const detail = eventKey(event as never)
    .split('|')
    .slice(1)
    .map((d) => d.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, tokenText))
    .join(', ');
  return `\`${event.type}\`${detail ? ` (${detail.length > 120 ? `${detail.slice(0, 117)}…` : detail})` : ''} → **${JSON.stringify(state.value)}**`;
}

async function render({ file, machine, model }: { file: string; machine: AnyStateMachine; model: MachineModel }): Promise<string> {
  const { states, transitions } = inventory(machine);
  const events = [...new Set(transitions.map((t) => t.event.replace(/\[\d+\]$/, '')))].sort();
  const senders = productSenders();
  const rows = transitions.map((t) => `| \`${t.source}\` | \`${t.event}\` | ${t.guard ? `\`${t.guard}\`` : ''} | \`${t.target}\` |`);
  const paths = model.paths.map(
    (p, i) =>
      `${i + 1}. ${p.steps.map((s, j) => (j === 0 ? `start → **${JSON.stringify(s.state.value)}**` : describeStep(s.event, s.state))).join('; ')}`,
  );
  return [
    `# Machine \`${machine.id}\``,
    '',
    'Generated by `npm run docs:machines` from the machine definition and its model; do not edit by hand (CI checks it is current).',
    '',
    '## States and transitions',
    '',
    '```mermaid',
    diagram(machine),
    '```',
    '',
    `States (${states.length}): ${states.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    '## Events',
    '',
    ...events.map((e) => `- \`${e}\`: ${eventSource(e, senders)}`),
    '',
    '## Inventory (each transition per leaf state it leaves; the model tests must take every row)',
    '',
    '| from | event[alternative] | guard | to |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `## Generated test paths (${paths.length})`,
    '',
    'Each path runs against the real view; after every step the test checks the actor is in the state shown in bold.',
    `To add a check to a state, extend \`verify\` in tests/model/${file}.model.test.tsx for that state (it runs after every step that ends there).`,
    '',
    ...paths,
    '',
  ].join('\n');
}

async function main() {
  const check = process.argv.includes('--check');
  const dir = join(process.cwd(), 'docs', 'machines');
  mkdirSync(dir, { recursive: true });
  const stale: string[] = [];
  for (const entry of MACHINE_MODELS) {
    const text = await render({ file: entry.file, machine: await entry.machine(), model: await entry.model() });
    const file = join(dir, `${entry.file}.md`);
    if (check) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(file);
    } else writeFileSync(file, text);
  }
  if (stale.length) {
    console.error(`Out of date (run npm run docs:machines and commit):\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(check ? 'docs/machines is current.' : `Wrote ${MACHINE_MODELS.length} documents to docs/machines/.`);
}

await main();
