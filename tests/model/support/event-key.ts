import type { EventObject } from 'xstate';

/** A short, stable key of an event for serialising graph vertices (errors by kind, not by identity). */
export function eventKey(event: EventObject | undefined): string {
  if (!event) return '';
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const detail = Object.entries(rest).map(
    ([k, v]) => `${k}=${v instanceof Error ? `${v.name}:${(v as { status?: number }).status ?? ''}` : JSON.stringify(v)}`,
  );
  return [type, ...detail].join('|');
}
