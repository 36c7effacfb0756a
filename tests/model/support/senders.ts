import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';

/** For each event type, the files under src/ that send it: views as `.send({ type: '<event>' … })`, machines with `sendTo`. */
export function productSenders(): Map<string, string[]> {
  const root = join(process.cwd(), 'src');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('machines')).sort();
  const senders = new Map<string, string[]>();
  for (const file of files) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/\.send\(\{\s*type:\s*'([\w.]+)'/g)) {
      const type = match[1]!;
      const list = senders.get(type) ?? [];
      if (!list.includes(`src/${file}`)) senders.set(type, [...list, `src/${file}`]);
    }
  }
  // Machines tell one another too (a form tells the session its stored user changed).
  const machines = join(root, 'machines');
  for (const file of (readdirSync(machines, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort()) {
    for (const match of readFileSync(join(machines, file), 'utf8').matchAll(/sendTo\([^;]*?\{\s*type:\s*'([\w.]+)'/g)) {
      const type = match[1]!;
      const list = senders.get(type) ?? [];
      if (!list.includes(`src/machines/${file}`)) senders.set(type, [...list, `src/machines/${file}`]);
    }
  }
  return senders;
}

/** The events a machine accepts that the product itself must send (XState's own done/error/after events excluded). */
export const productEvents = (machine: AnyStateMachine): string[] =>
  [...new Set(machine.events as string[])].filter((e) => !e.startsWith('xstate.')).sort();
