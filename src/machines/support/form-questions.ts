import type { ConfirmDialogInput } from '../confirm-dialog.machine';

/**
 * The question each form asks before it saves (docs/product.md#dialogs): what the save does, in the form's own words, and
 * a confirm button that says it. `{field}` is filled from the form's values (a blank one: the stored value) when asked.
 * A save can be changed again, so none says "This cannot be undone!" (only deletes and revokes do).
 */
const question = (title: string, text: string, confirmLabel: string): ConfirmDialogInput => ({
  title,
  text,
  confirmLabel,
  cancelLabel: 'Cancel',
});

export const FORM_QUESTIONS = {
  restaurantCreate: question('Add restaurant?', '{name} will be added to your restaurants.', 'Add restaurant'),
  restaurantEdit: question('Save changes to {name}?', "The restaurant's details will be updated as shown.", 'Save'),
  userCreate: question('Add user?', '{name} will be added to your users.', 'Add user'),
  userEdit: question('Save changes to {name}?', "{name}'s profile will be updated as shown.", 'Save'),
  memberInvite: question(
    'Send the invitation?',
    '{email} will get an e-mail with a link to set a password and join your team.',
    'Send invitation',
  ),
  memberEdit: question('Save changes to {name}?', "{name}'s role and branches will be updated as shown.", 'Save'),
  ruleCreate: question('Add this alert rule?', 'From the next check on, the members it names are told when it is met.', 'Add rule'),
  ruleEdit: question('Save changes to this alert rule?', 'The next checks use its new settings.', 'Save'),
  profile: question('Save your profile?', 'Your profile will be updated as shown.', 'Save'),
} as const satisfies Record<string, ConfirmDialogInput>;
