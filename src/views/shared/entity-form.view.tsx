import { createActorContext, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { entityFormMachine, isDirty, type EntityFormSnapshot, type FieldValue } from '../../machines/entity-form.machine';
import { EntityFormFrame, type EntityFormStatus } from '../../ui/entity-form-frame';
import { ConfirmDialogView } from './confirm-dialog.view';

/** The entity-form actor of a create, edit or profile form; tests pass `logic={entityFormMachine.provide(fakes)}`. */
export const EntityFormContext = createActorContext(entityFormMachine);

export type EntityFormRef = ActorRefFrom<typeof entityFormMachine>;

/** One field's value, the server's message for it, and its change handler, for a Mantine input of the form `form`. */
export function useFieldOf(form: EntityFormRef, field: string) {
  const value = useSelector(form, (s) => s.context.values[field] ?? null);
  const error = useSelector(form, (s) => s.context.fieldErrors[field]);
  return { value, error, onChange: (next: FieldValue) => form.send({ type: 'form.change', field, value: next }) };
}

/** useFieldOf for the form of the EntityFormContext around the field. */
export const useFormField = (field: string) => useFieldOf(EntityFormContext.useActorRef(), field);

const statusOf = (s: EntityFormSnapshot): EntityFormStatus =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('stale') ? 'stale' : 'ready';

/** A form's frame (Cancel, Reset, Save Changes, the conflict notice) around its fields, and the confirm dialog while a save is asked. */
export function EntityFormView({
  noun,
  saveLabel,
  withReset,
  cancelTo,
  children,
}: {
  noun: string;
  saveLabel?: string;
  withReset?: boolean;
  /** Cancel's address: the form's list, left without saving. */
  cancelTo?: string;
  children: ReactNode;
}) {
  const form = EntityFormContext.useActorRef();
  const status = EntityFormContext.useSelector(statusOf);
  const message = EntityFormContext.useSelector((s) => s.context.error?.message);
  const dirty = EntityFormContext.useSelector((s) => isDirty(s.context));
  const saving = EntityFormContext.useSelector((s) => s.matches('saving'));
  const dialog = EntityFormContext.useSelector((s) => s.children.confirmSave);
  return (
    <>
      <EntityFormFrame
        status={status}
        noun={noun}
        message={message}
        dirty={dirty}
        saving={saving}
        saveLabel={saveLabel}
        withReset={withReset}
        cancelTo={cancelTo}
        onReset={() => form.send({ type: 'form.reset' })}
        onSave={() => form.send({ type: 'form.submit' })}
        onReload={() => form.send({ type: 'form.reload' })}
      >
        {children}
      </EntityFormFrame>
      <ConfirmDialogView dialog={dialog} />
    </>
  );
}
