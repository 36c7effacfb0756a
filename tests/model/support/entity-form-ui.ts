import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ModelEvent } from '../models/entity-form.model';

/** A form's Name or Email box (a required field's label ends with Mantine's asterisk). */
export const textbox = (label: 'Name' | 'Email') => screen.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
export const button = (name: string) => screen.getByRole('button', { name });

/** Replaces a field's text: one change to empty, then one paste. */
export async function type(user: UserEvent, label: 'Name' | 'Email', value: string) {
  const field = textbox(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

/**
 * Does what the user does for an entity-form model event (type, Reset, Save Changes, Reload or Retry, answer the
 * form's save question with its `confirmLabel`, Cancel or Escape); false for a call's answer, which the test settles its own way.
 */
export async function performAsUser(user: UserEvent, e: ModelEvent, confirmLabel = 'Save'): Promise<boolean> {
  if (e.type === 'form.change') await type(user, e.field === 'name' ? 'Name' : 'Email', String(e.value));
  else if (e.type === 'form.reset') await user.click(button('Reset'));
  else if (e.type === 'form.submit') await user.click(button('Save Changes'));
  else if (e.type === 'form.reload') await user.click(button(screen.queryByRole('button', { name: 'Reload' }) ? 'Reload' : 'Retry'));
  else if (e.type === 'xstate.done.actor.confirmSave') {
    const dialog = screen.getByRole('dialog');
    if (e.output.result === 'confirmed') await user.click(within(dialog).getByRole('button', { name: confirmLabel }));
    else if (e.output.reason === 'cancel') await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    else await user.keyboard('{Escape}');
  } else return false;
  return true;
}
