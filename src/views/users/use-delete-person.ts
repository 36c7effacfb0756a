import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { deletePersonMachine, type DeletePersonInput } from '../../machines/delete-person.machine';
import { appEffects } from '../app-effects';

/**
 * The delete question of the form's Delete User (`leaveTo`: the list's address; the list's trash is the list's own row
 * action); render `<ConfirmDialogView dialog={dialog} />`. The machine leaves through the page's router.
 */
export function useDeletePerson(input: DeletePersonInput) {
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    deletePersonMachine.provide({ actions: { notify: appEffects.notify, navigate: (_, { to, replace }) => navigate(to, { replace }) } }),
  );
  const actor = useActorRef(logic, { input });
  const dialog = useSelector(actor, (s) => s.children.confirmDelete);
  const askDelete = ({ id, name }: { id: number; name: string }) => actor.send({ type: 'delete.ask', id, name });
  return { dialog, askDelete };
}
