import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';

/**
 * For each event type, the files under src/ that send it: views as `.send({ type: '<event>' … })`,
 * `useUrlBridge(actor, '<event>')` or `filterHandlers('<prefix>', …)` (the analytics header's events, each kind
 * `<prefix>.<kind>` read from src/views/shared/filter-header.ts), machines with `sendTo`.
 */
export function productSenders(): Map<string, string[]> {
  const root = join(process.cwd(), 'src');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('machines')).sort();
  const senders = new Map<string, string[]>();
  const headerKinds = [...readFileSync(join(root, 'views/shared/filter-header.ts'), 'utf8').matchAll(/type: `\$\{prefix\}\.(\w+)`/g)].map(
    (m) => m[1]!,
  );
  for (const file of files) {
    const sends = /\.send\(\{\s*type:\s*'([\w.]+)'|useUrlBridge\(\s*\w+,\s*'([\w.]+)'|filterHandlers\(\s*'(\w+)'/g;
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(sends)) {
      const types = match[3] ? headerKinds.map((kind) => `${match[3]}.${kind}`) : [(match[1] ?? match[2])!];
      for (const type of types) {
        const list = senders.get(type) ?? [];
        if (!list.includes(`src/${file}`)) senders.set(type, [...list, `src/${file}`]);
      }
    }
  }
  // Machines tell one another too (a form tells the session its stored user changed); a shared action in
  // machines/support sends for each machine that imports it (a row action tells its list to reload).
  const machines = join(root, 'machines');
  const machineSources = (readdirSync(machines, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort();
  const sources = new Map(machineSources.map((file) => [file, readFileSync(join(machines, file), 'utf8')]));
  for (const [file, source] of sources) {
    const machineFiles = file.startsWith('support')
      ? machineSources.filter((f) => sources.get(f)!.includes(`/${file.replace(/\.ts$/, '')}'`))
      : [file];
    for (const match of source.matchAll(/sendTo\([^;]*?\{\s*type:\s*'([\w.]+)'/g)) {
      const type = match[1]!;
      const list = senders.get(type) ?? [];
      senders.set(type, [...list, ...machineFiles.map((f) => `src/machines/${f}`).filter((f) => !list.includes(f))]);
    }
  }
  return senders;
}

/** The events a machine accepts that the product itself must send (XState's own done/error/after events excluded). */
export const productEvents = (machine: AnyStateMachine): string[] =>
  [...new Set(machine.events as string[])].filter((e) => !e.startsWith('xstate.')).sort();
