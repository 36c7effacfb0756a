import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { confirmDialogMachine } from '../../machines/confirm-dialog.machine';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export type ConfirmDialogRef = ActorRefFrom<typeof confirmDialogMachine>;

/**
 * Shows the question a confirm-dialog actor asks (a parent's invoked child, or none), open while the
 * actor is; the user's answer and every way of closing go to the actor as events.
 */
export function ConfirmDialogView({ dialog }: { dialog: ConfirmDialogRef | undefined }) {
  // A parent stops its child once answered: the last question stays readable while the dialog fades out.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const question = dialog ?? shown;
  const opened = useSelector(dialog, (s) => s?.matches('open') ?? false);
  const title = useSelector(question, (s) => s?.context.title ?? '');
  const text = useSelector(question, (s) => s?.context.text ?? '');
  const confirmLabel = useSelector(question, (s) => s?.context.confirmLabel ?? '');
  const cancelLabel = useSelector(question, (s) => s?.context.cancelLabel ?? '');
  const denyLabel = useSelector(question, (s) => s?.context.denyLabel ?? null);
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      denyLabel={denyLabel}
      onConfirm={() => dialog?.send({ type: 'dialog.confirm' })}
      onDeny={() => dialog?.send({ type: 'dialog.deny' })}
      onDismiss={(reason) => dialog?.send({ type: 'dialog.dismiss', reason })}
    />
  );
}
