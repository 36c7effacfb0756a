import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { preloadable } from './preloadable';

/** The toast stack (with its transitions and portal), fetched on the first toast (or ahead), not with the sign-in page. */
export const ToastStack = preloadable(() => import('./toast-stack'));

export const TOAST_AUTO_CLOSE_MS = 2000;

/** Mounts the toast stack once something was shown, and keeps it. */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [mounted, setMounted] = useState(false);
  if (!mounted && notifications.length + queue.length > 0) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
