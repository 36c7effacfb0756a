import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor, type InspectionEvent } from 'xstate';
import {
  confirmDialogMachine,
  DIALOG_DEFAULTS,
  isConfirmed,
  SAVE_CHANGES,
  type ConfirmDialogEvent,
  type ConfirmDialogInput,
  type DialogOutcome,
} from '../../src/machines/confirm-dialog.machine';
import { ConfirmDialogView } from '../../src/views/shared/confirm-dialog.view';
import { INPUT, paths, TIMER, type ModelEvent } from './models/confirm-dialog.model';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';

const started: Actor<typeof confirmDialogMachine>[] = [];
// A path's actor must not fire its timer into the next path's recording.
afterEach(() => started.splice(0).forEach((actor) => actor.stop()));

/** A question on screen, asked by a fresh actor. */
function renderDialog(input: ConfirmDialogInput, inspect?: (event: InspectionEvent) => void) {
  const actor = createActor(confirmDialogMachine, { input, inspect });
  started.push(actor);
  actor.start();
  const view = renderView(() => <ConfirmDialogView dialog={actor} />);
  return { ...view, actor };
}

/** The outcome each way of ending gives the parent. */
function expectedOutcome(event: ModelEvent): DialogOutcome {
  if (event.type === 'dialog.confirm') return { result: 'confirmed', reason: null };
  if (event.type === 'dialog.deny') return { result: 'denied', reason: null };
  if (event.type === 'dialog.dismiss') return { result: 'dismissed', reason: event.reason };
  return { result: 'dismissed', reason: 'timer' };
}

describe('confirm dialog machine × confirm dialog (model-based)', () => {
  runModel(confirmDialogMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { actor } = renderDialog(INPUT, inspect);
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'dialog.confirm') await user.click(screen.getByRole('button', { name: 'Yes' }));
        else if (e.type === 'dialog.deny') await user.click(screen.getByRole('button', { name: 'No' }));
        else if (e.type === 'dialog.dismiss' && e.reason === 'cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }));
        else if (e.type === 'dialog.dismiss' && e.reason === 'close')
          await user.click(screen.getByRole('button', { name: 'Close dialog' }));
        else if (e.type === 'dialog.dismiss' && e.reason === 'backdrop') await user.click(screen.getByTestId('dialog-backdrop'));
        else if (e.type === 'dialog.dismiss') await user.keyboard('{Escape}');
        // The delay's own event, as the actor's clock would send it after 10 s.
        else act(() => actor.send(TIMER as unknown as ConfirmDialogEvent));
      },
      verify: async (state, event) => {
        if (state.matches('open')) {
          const dialog = screen.getByRole('dialog', { name: "Delete Ava Chen's Profile?" });
          expect(dialog).toHaveAttribute('aria-modal', 'true');
          expect(dialog).toHaveAccessibleDescription('This cannot be undone!');
          expect(
            within(dialog)
              .getAllByRole('button')
              .map((b) => b.textContent || b.getAttribute('aria-label')),
          ).toEqual(['Close dialog', 'Cancel', 'No', 'Yes']);
          expect(dialog.querySelector('[data-icon="warning"] svg')).not.toBeNull();
          // The safe answer has the focus: Enter right away does not delete anything.
          await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
          expect(actor.getSnapshot().status).toBe('active');
          return;
        }
        // closed: gone from the screen, its outcome the actor's output.
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        const snapshot = actor.getSnapshot();
        expect(snapshot.status).toBe('done');
        expect(snapshot.output).toEqual(expectedOutcome(event as ModelEvent));
        expect(isConfirmed(snapshot.output)).toBe(event.type === 'dialog.confirm');
      },
    };
  });
});

// Written from the product rules (docs/product.md#dialogs), not from the graph.
describe('confirm dialog product-rule scenarios', () => {
  it('the plain save question says what it does ("Save changes?", no "This cannot be undone!"), Save and Cancel only, and stays open', async () => {
    const { actor } = renderDialog(SAVE_CHANGES);
    const dialog = screen.getByRole('dialog', { name: 'Save changes?' });
    expect(dialog).toHaveAccessibleDescription('Your changes will be saved as shown.');
    expect(within(dialog).queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Close dialog', 'Cancel', 'Save']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('passes axe (colour contrast aside: happy-dom lays nothing out)', async () => {
    renderDialog(SAVE_CHANGES);
    const result = await axe.run(screen.getByRole('dialog'), { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect(result.passes.length).toBeGreaterThan(0);
  });

  it('labels default to OK, No and Cancel', () => {
    renderDialog({ title: 'Leave?', text: 'Unsaved changes are lost.', denyLabel: DIALOG_DEFAULTS.denyLabel });
    const dialog = screen.getByRole('dialog', { name: 'Leave?' });
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('an auto-close delay dismisses the question with reason timer when it elapses', async () => {
    const { actor } = renderDialog({ ...SAVE_CHANGES, after: 30 });
    expect(screen.getByRole('dialog', { name: 'Save changes?' })).toBeInTheDocument();
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ result: 'dismissed', reason: 'timer' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Enter on the focused Cancel dismisses; it never confirms', async () => {
    const user = userEvent.setup();
    const { actor } = renderDialog(SAVE_CHANGES);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(actor.getSnapshot().output).toEqual({ result: 'dismissed', reason: 'cancel' });
  });
});
