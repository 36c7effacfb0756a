import { MONTHS } from '@contract/presentation/labels';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "25 Nov 2026, 14:05": an instant on the clock of `timeZone`, the franchise's (months spelt as the answers spell them). */
export function formatInstant(at: string, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
  return `${Number(part.day)} ${MONTHS[Number(part.month) - 1]} ${part.year}, ${part.hour}:${part.minute}`;
}
