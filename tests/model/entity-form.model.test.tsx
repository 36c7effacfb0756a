import { TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, waitFor as settled, type InspectionEvent } from 'xstate';
import { SAVE_CHANGES, type ConfirmDialogInput } from '../../src/machines/confirm-dialog.machine';
import { entityFormMachine, type EntityFormInput, type FormRecord, type SaveRequest } from '../../src/machines/entity-form.machine';
import { ApiError } from '../../src/services/api-error';
import type { Navigation } from '../../src/shared/effects';
import { EntityFormContext, EntityFormView, useFormField } from '../../src/views/shared/entity-form.view';
import { CONFLICT, INPUT, INVALID_EMAIL, NOT_FOUND, RECORD, UNAVAILABLE, paths, type ModelEvent } from './models/entity-form.model';
import { controllableActor } from './support/deferred';
import { button, performAsUser, type } from './support/entity-form-ui';
import { runModel } from './support/model-runner';
import { clearToasts, renderView } from './support/render-view';

/** An edit form's question (docs/product.md#dialogs): `{name}` is the record's name as edited. */
const QUESTION: ConfirmDialogInput = {
  title: 'Save changes to {name}?',
  text: "{name}'s profile will be updated as shown.",
  confirmLabel: 'Save',
  cancelLabel: 'Cancel',
};

function Field({ name, label }: { name: string; label: string }) {
  const { value, error, onChange } = useFormField(name);
  return <TextInput label={label} value={String(value ?? '')} error={error} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/**
 * A person's edit form around a fresh actor whose calls the test answers; the confirm dialog is the real one. It is given
 * a session that records what it is told and a list to go back to, whose navigations are recorded.
 */
function renderForm({ inspect, input = INPUT }: { inspect?: (event: InspectionEvent) => void; input?: EntityFormInput } = {}) {
  const told: string[] = [];
  const session = createActor(createMachine({ on: { 'session.storageChanged': { actions: () => told.push('session.storageChanged') } } }));
  session.start();
  const navigations: Navigation[] = [];
  const load = controllableActor<FormRecord, { id: string | number | null }>();
  const save = controllableActor<FormRecord, SaveRequest>();
  const view = renderView((effects) => (
    <EntityFormContext.Provider
      options={{ inspect, input: { session, leaveTo: '/user', confirm: QUESTION, ...input } }}
      logic={entityFormMachine.provide({
        actors: { load: load.logic, save: save.logic },
        actions: { notify: effects.notify, navigate: (_, navigation) => navigations.push(navigation) },
      })}
    >
      <EntityFormView noun="user" cancelTo="/user">
        <Field name="name" label="Name" />
        <Field name="email" label="Email" />
      </EntityFormView>
    </EntityFormContext.Provider>
  ));
  return { ...view, load, save, told, navigations };
}

describe('entity form machine × entity form frame and confirm dialog (model-based)', () => {
  runModel(entityFormMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { load, save, told, navigations } = renderForm({ inspect });
    let saves = 0;
    let stored = 0;

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (await performAsUser(user, e)) return;
        if (e.type.endsWith('actor.load')) await act(async () => load.settle(e));
        else await act(async () => save.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { values, initial, fieldErrors } = state.context;
        if (state.matches('loading')) {
          expect(screen.getByRole('status', { name: 'Loading user' })).toBeInTheDocument();
          expect(load.inputs.at(-1)).toEqual({ id: 12 });
          expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
          return;
        }
        if (state.matches('loadFailed')) {
          expect(screen.getByText(NOT_FOUND)).toBeInTheDocument();
          expect(button('Retry')).toBeEnabled();
          expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
          return;
        }
        // The fields show the edits; Reset and Save Changes wait for a change; Cancel goes back to the list at any time.
        expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/user');
        expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(String(values.name));
        expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(String(values.email));
        const dirty = values.name !== initial.name || values.email !== initial.email;
        const locked = state.matches('saving') || state.matches('stale');
        expect(button('Reset')).toHaveProperty('disabled', !dirty || locked);
        // Locked by the frame's fieldset while saving or stale.
        if (locked) expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
        else expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
        // The server's message stays on its field until the field changes.
        if (fieldErrors.email) expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(INVALID_EMAIL);
        else expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid', 'true');

        if (state.matches('confirming')) {
          // docs/product.md#dialogs: the question, a warning icon, Yes and Cancel; nothing is saved before Yes.
          // It says what the save does, with the record's name as edited, and its button says it: no "Yes", no "cannot be undone".
          const dialog = screen.getByRole('dialog', { name: `Save changes to ${String(values.name)}?` });
          expect(dialog).toHaveAccessibleDescription(`${String(values.name)}'s profile will be updated as shown.`);
          expect(
            within(dialog)
              .getAllByRole('button')
              .map((b) => b.textContent || b.getAttribute('aria-label')),
          ).toEqual(['Close dialog', 'Cancel', 'Save']);
          expect(dialog.querySelector('[data-icon="warning"] svg')).not.toBeNull();
          expect(save.pending()).toBe(0);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

        if (state.matches('saving')) {
          saves += 1;
          expect(save.inputs).toHaveLength(saves);
          expect(save.inputs.at(-1)).toEqual({ id: 12, values, version: state.context.version });
          expect(button('Save Changes')).toHaveAttribute('data-loading', 'true');
          expect(await screen.findByText('Saving changes...')).toBeInTheDocument();
        } else if (state.matches('stale')) {
          expect(screen.getByText(CONFLICT)).toBeInTheDocument();
          expect(button('Reload')).toBeEnabled();
          expect(button('Save Changes')).toBeDisabled();
        } else {
          expect(button('Save Changes')).toHaveProperty('disabled', !dirty);
          expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
        }
        // A dismissed question saves nothing.
        if (e.type === 'xstate.done.actor.confirmSave' && e.output.result !== 'confirmed') expect(save.inputs).toHaveLength(saves);
        if (e.type === 'xstate.done.actor.save') {
          stored += 1;
          expect(await screen.findByText(`${values.name}'s info updated successfully!`)).toBeInTheDocument();
        }
        // Only a stored save tells the session (it follows profile and restaurant saves) and goes back to the list.
        expect(told).toHaveLength(stored);
        expect(navigations).toEqual(Array.from({ length: stored }, () => ({ to: '/user', replace: false })));
        if (e.type === 'xstate.error.actor.save' && state.matches('failed')) {
          // The server's message on its field and in a toast; a failure without one: the form's own toast only.
          expect(Boolean(fieldErrors.email)).toBe((e.error as ApiError).status === 422);
          if (fieldErrors.email) await waitFor(() => expect(screen.getAllByText(INVALID_EMAIL)).toHaveLength(2));
          else {
            expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
            expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
          }
        }
        if (e.type === 'form.reset') expect(await screen.findByText(`${initial.name}'s info reset.`)).toBeInTheDocument();
      },
    };
  });
});

// Written from the product's rules (docs/product.md), not from the graph.
describe('entity form product-rule scenarios', () => {
  // Toasts outlive a test; beyond Mantine's limit a new one would wait in its queue.
  beforeEach(clearToasts);

  it('Cancel keeps the edits and saves nothing; Yes saves them and the form is clean again', async () => {
    const user = userEvent.setup();
    const { load, save } = renderForm();
    await act(async () => load.resolve(RECORD));
    expect(button('Save Changes')).toBeDisabled();
    await type(user, 'Name', 'Ava Smith');
    await user.click(button('Save Changes'));
    await user.click(button('Cancel'));
    expect(save.inputs).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ava Smith');
    await user.click(button('Save Changes'));
    await user.click(button('Save'));
    expect(save.inputs).toEqual([{ id: 12, values: { name: 'Ava Smith', email: 'ava@example.com' }, version: 3 }]);
    await act(async () => save.resolve({ values: { name: 'Ava Smith', email: 'ava@example.com' }, version: 4 }));
    expect(await screen.findByText("Ava Smith's info updated successfully!")).toBeInTheDocument();
    expect(button('Save Changes')).toBeDisabled();
    expect(button('Reset')).toBeDisabled();
  });

  it('Reset returns to the stored record with "{name}\'s info reset."', async () => {
    const user = userEvent.setup();
    const { load } = renderForm();
    await act(async () => load.resolve(RECORD));
    await type(user, 'Email', 'someone@example.com');
    await user.click(button('Reset'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ava@example.com');
    expect(await screen.findByText("Ava Chen's info reset.")).toBeInTheDocument();
  });

  it('the form with a field message, then with the conflict notice, passes axe (colour contrast aside)', async () => {
    const user = userEvent.setup();
    const { load, save, container } = renderForm();
    const violations = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
      );
    await act(async () => load.resolve(RECORD));
    await type(user, 'Email', 'ava@');
    await user.click(button('Save Changes'));
    await user.click(button('Save'));
    await act(async () => save.reject(new ApiError(INVALID_EMAIL, 422, { errors: { email: [INVALID_EMAIL] } })));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(INVALID_EMAIL);
    expect(await violations()).toEqual([]);
    await user.click(button('Save Changes'));
    await user.click(button('Save'));
    await act(async () => save.reject(new ApiError(CONFLICT, 409)));
    expect(screen.getByText(CONFLICT)).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('typing a field back to its stored value makes the form clean again', async () => {
    const user = userEvent.setup();
    const { load } = renderForm();
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    expect(button('Save Changes')).toBeEnabled();
    await type(user, 'Name', 'Ava Chen');
    expect(button('Save Changes')).toBeDisabled();
  });

  it('Enter in a field asks before saving, as the button does', async () => {
    const user = userEvent.setup();
    const { load, save } = renderForm();
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Save changes to Ava Smith?' })).toBeInTheDocument();
    expect(save.inputs).toEqual([]);
  });

  it('a 409 locks the fields behind Reload, which reads the record again and drops the edits', async () => {
    const user = userEvent.setup();
    const { load, save } = renderForm();
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    await user.click(button('Save Changes'));
    await user.click(button('Save'));
    await act(async () => save.reject(new ApiError(CONFLICT, 409)));
    expect(screen.getByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await user.click(button('Reload'));
    expect(load.inputs).toHaveLength(2);
    await act(async () => load.resolve({ values: { name: 'Ava Chen-Lee', email: 'ava@example.com' }, version: 5 }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ava Chen-Lee');
    expect(button('Save Changes')).toBeDisabled();
  });

  it('a create form whose blank choices are a record saves them unchanged, and its owner is handed the answer', async () => {
    const saved = vi.fn();
    const owner = createActor(createMachine({ on: { 'form.saved': { actions: ({ event }) => saved(event) } } })).start();
    const start = (saveUnchanged: boolean) => {
      const load = controllableActor<FormRecord, { id: string | number | null }>();
      const save = controllableActor<FormRecord, SaveRequest>();
      const logic = entityFormMachine.provide({ actors: { load: load.logic, save: save.logic }, actions: { notify: () => undefined } });
      const actor = createActor(logic, { input: { ...INPUT, id: null, saveUnchanged, owner } }).start();
      load.resolve(RECORD);
      return { actor, save };
    };
    // Any other form saves only a change.
    const plain = start(false);
    await settled(plain.actor, (s) => s.matches('editing'));
    plain.actor.send({ type: 'form.submit' });
    expect(plain.actor.getSnapshot().value).toBe('editing');

    const { actor, save } = start(true);
    await settled(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.submit' });
    actor.getSnapshot().children.confirmSave!.send({ type: 'dialog.confirm' });
    await settled(actor, (s) => s.matches('saving'));
    expect(save.inputs).toEqual([{ id: null, values: RECORD.values, version: 3 }]);
    const answer = { values: RECORD.values, version: null, stored: { id: 9 } };
    save.resolve(answer);
    await settled(actor, (s) => s.matches('saved'));
    expect(saved).toHaveBeenCalledWith({ type: 'form.saved', record: answer });
  });

  it('a question without a name of its own is the plain save question, which never says "This cannot be undone!"', async () => {
    const user = userEvent.setup();
    const { load } = renderForm({ input: { ...INPUT, confirm: undefined } });
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    await user.click(button('Save Changes'));
    const dialog = screen.getByRole('dialog', { name: 'Save changes?' });
    expect(SAVE_CHANGES.title).toBe('Save changes?');
    expect(dialog).toHaveAccessibleDescription('Your changes will be saved as shown.');
    expect(within(dialog).queryByText(/cannot be undone/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('a field left blank is named in the question as stored', async () => {
    const user = userEvent.setup();
    const { load } = renderForm();
    await act(async () => load.resolve(RECORD));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(button('Save Changes'));
    expect(screen.getByRole('dialog', { name: 'Save changes to Ava Chen?' })).toBeInTheDocument();
  });

  it('Cancel is a link back to the list: it saves nothing', async () => {
    const user = userEvent.setup();
    const { load, save } = renderForm();
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save.inputs).toEqual([]);
  });

  it('a profile form takes its own texts and question', async () => {
    const user = userEvent.setup();
    const { load } = renderForm({
      input: { id: null, messages: { reset: 'Profile information reset.', saved: 'Profile updated successfully!' } },
    });
    expect(load.inputs).toEqual([{ id: null }]);
    await act(async () => load.resolve(RECORD));
    await type(user, 'Name', 'Ava Smith');
    await user.click(button('Reset'));
    expect(await screen.findByText('Profile information reset.')).toBeInTheDocument();
  });
});
