import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { deletePersonMachine } from '../../machines/delete-person.machine';
import { appEffects } from '../app-effects';

const deleteLogic = deletePersonMachine.provide({ actions: { notify: appEffects.notify } });

/** The delete question of the list's trash and the form's Delete User; render `<ConfirmDialogView dialog={dialog} />`. */
export function useDeletePerson(onDeleted: () => void) {
  const actor = useActorRef(deleteLogic);
  useEffect(() => {
    const subscription = actor.on('deleted', () => onDeleted());
    return () => subscription.unsubscribe();
  }, [actor, onDeleted]);
  const dialog = useSelector(actor, (s) => s.children.confirmDelete);
  const askDelete = ({ id, name }: { id: number; name: string }) => actor.send({ type: 'delete.ask', id, name });
  return { dialog, askDelete };
}
