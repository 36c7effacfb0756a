import { Notification, Portal } from '@mantine/core';
import { notifications, useNotifications, type NotificationData } from '@mantine/notifications';
import { useCallback, useEffect, useRef } from 'react';
import { TOAST_AUTO_CLOSE_MS } from './toast-host';
import './toast-stack.css';

type Shown = NotificationData & { id: string };

/**
 * One toast: closes after its time unless pointed at or focused (then it waits until left), or by its
 * close button. The time starts again when the toast is updated in place ("Saving changes..." → result).
 */
function Toast({ data }: { data: Shown }) {
  const timer = useRef<number | undefined>(undefined);
  const { id, message, autoClose, position: _position, onClose: _onClose, onOpen: _onOpen, ...props } = data;
  const duration = autoClose === false ? null : typeof autoClose === 'number' ? autoClose : TOAST_AUTO_CLOSE_MS;
  const hide = () => notifications.hide(id);
  const pause = () => window.clearTimeout(timer.current);
  const resume = useCallback(() => {
    window.clearTimeout(timer.current);
    if (duration !== null) timer.current = window.setTimeout(() => notifications.hide(id), duration);
  }, [id, duration]);
  useEffect(() => {
    resume();
    return () => window.clearTimeout(timer.current);
  }, [resume, message]);
  return (
    <Notification {...props} className="fc-toast" onClose={hide} onMouseEnter={pause} onMouseLeave={resume} onFocus={pause} onBlur={resume}>
      {message}
    </Notification>
  );
}

/**
 * The toasts of Mantine's store (notifications.show / hide, its limit and queue), bottom-end (docs/product.md#toasts).
 * Mantine's own <Notifications> brings drag and scroll dismissal, stacking and react-remove-scroll: about
 * 10 kB brotli that every signed-in page loaded with its first toast, for features the console does not use.
 */
export default function ToastStack() {
  const { notifications: shown } = useNotifications();
  return (
    <Portal>
      <div className="fc-toasts">
        {shown.map((data) => (
          <Toast key={data.id} data={data as Shown} />
        ))}
      </div>
    </Portal>
  );
}
