import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast stack (with its transitions and portal) is fetched on the first toast, not with the sign-in page.
const ToastStack = lazy(() => import('./toast-stack'));

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
