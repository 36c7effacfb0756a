import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'wouter';

/** The count as the badge shows it: hidden at 0, "99+" beyond 99. */
export const unreadBadge = (unread: number): string | null => (unread <= 0 ? null : unread > 99 ? '99+' : String(unread));

/** "Alerts, 3 unread"; before the first count only "Alerts". */
export const bellLabel = (unread: number | null): string => (unread === null ? 'Alerts' : `Alerts, ${unread} unread`);

/** The header's bell: a link to the Alerts page with the member's unread count on it (white on a dark red: AA contrast). */
export function AlertsBellButton({ unread, href }: { unread: number | null; href: string }) {
  const badge = unreadBadge(unread ?? 0);
  return (
    <Indicator label={badge} size={18} offset={4} color="red.9" disabled={badge === null} inline>
      <ActionIcon component={Link} href={href} variant="subtle" color="gray" size="lg" aria-label={bellLabel(unread)}>
        <IconBell size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
