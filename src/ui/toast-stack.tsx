import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from './toast-host';

/** Mantine's toast stack: bottom-end, closing after 2 s (spec §9). Loaded with the first toast. */
export default function ToastStack() {
  return <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
