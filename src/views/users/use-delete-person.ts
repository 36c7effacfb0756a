import { useActorRef, useSelector } from '@xstate/react';
import { deletePersonMachine } from '../../machines/people.machines';
import { appEffects } from '../app-effects';

/** The delete question of the list's trash and the form's Delete User; render `<ConfirmDialogView dialog={dialog} />`. */
export function useDeletePerson(onDeleted: () => void) {
  const actor = useActorRef(deletePersonMachine.provide({ actions: { notify: appEffects.notify, deleted: () => onDeleted() } }));
  const dialog = useSelector(actor, (s) => s.children.confirmDelete);
  const askDelete = ({ id, name }: { id: number; name: string }) => actor.send({ type: 'delete.ask', id, name });
  return { dialog, askDelete };
}
