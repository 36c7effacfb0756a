import { notifications } from '@mantine/notifications';
import type { Notice, NoticeType } from '../shared/effects';

const COLORS: Record<NoticeType, string> = { success: 'green.8', info: 'blue.8', warning: 'yellow.8', error: 'red.9' };

/** Shows a toast coloured by its type (spec §9). */
export function showNotice({ message, type }: Notice): void {
  notifications.show({ message, color: COLORS[type], closeButtonProps: { 'aria-label': 'Close notification' } });
}
