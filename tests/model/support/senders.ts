import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';

/** For each event type, the files under src/ (machines excluded) that send it as `.send({ type: '<event>' … })`. */
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
  return senders;
}

/** The events a machine accepts that the product itself must send (XState's own done/error/after events excluded). */
export const productEvents = (machine: AnyStateMachine): string[] =>
  [...new Set(machine.events as string[])].filter((e) => !e.startsWith('xstate.')).sort();
