import { notifications, notificationsStore } from '@mantine/notifications';
import type { Notice, NoticeType } from '../shared/effects';

const COLORS: Record<NoticeType, string> = { success: 'green.8', info: 'blue.8', warning: 'yellow.8', error: 'red.9' };

const isShowing = (id: string) => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((n) => n.id === id);
};

/** Shows a toast coloured by its type (docs/product.md#toasts); a keyed one replaces the toast of its key while that still shows. */
export function showNotice({ message, type, replaces }: Notice): void {
  const data = { id: replaces, message, color: COLORS[type], closeButtonProps: { 'aria-label': 'Close notification' } };
  if (replaces !== undefined && isShowing(replaces)) notifications.update({ ...data, id: replaces });
  else notifications.show(data);
}
