import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@contract/people.contract';
import { deletePersonMachine } from '../../src/machines/delete-person.machine';
import { peopleService } from '../../src/services/people.service';
import { SessionContext } from '../../src/views/shared/session.context';
import UserFormPage from '../../src/views/users/user-form.page';
import UserListPage from '../../src/views/users/user-list.page';
import { REMOVE_FAILURE, TARGET, paths, type ModelEvent } from './models/delete-person.model';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The real pages with their own machines and actors; only the people calls are answered by the test, and the
// page's deletePerson actor is inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/people.service', async (original) => ({
  ...(await original<typeof import('../../src/services/people.service')>()),
  peopleService: { list: vi.fn(), get: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() },
}));

const person = (id: number, name: string): Person => ({
  id,
  picture: null,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: null,
  state: 'NSW',
  city: 'Sydney',
  street_address: null,
  suburb: null,
  post_code: null,
  restaurant_id: 7,
  restaurant: 'Parramatta',
  role: 'Waiter',
  status: 'Active',
  version: 3,
});
const PEOPLE = [person(1, 'Ava Chen'), person(TARGET.id, TARGET.name), person(3, 'Noah Wilson')];

/** The franchise's people as the server holds them: the list call reads them, a succeeded delete removes its person. */
function fakePeople() {
  vi.clearAllMocks();
  let stored = [...PEOPLE];
  const remove = controllableCall<undefined, [number]>();
  vi.mocked(peopleService.list).mockImplementation(async () => stored);
  vi.mocked(peopleService.get).mockImplementation(async (id) => stored.find((p) => p.id === id)!);
  vi.mocked(peopleService.remove).mockImplementation(remove.fn);
  return {
    remove,
    settleRemove: (event: ModelEvent) => {
      if (event.type === 'xstate.done.actor.remove') stored = stored.filter((p) => p.id !== remove.calls().at(-1)![0]);
      remove.settle(event);
    },
  };
}

const QUESTION = `Delete ${TARGET.name}'s Profile?`;
const DELETED = `${TARGET.name}'s profile deleted!`;

/** Answers the question as the model's outcome says: Yes, Cancel, the backdrop, the close button or Escape. */
async function answer(user: UserEvent, event: Extract<ModelEvent, { type: 'xstate.done.actor.confirmDelete' }>) {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  const { result, reason } = event.output;
  if (result === 'confirmed') await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  else if (reason === 'cancel') await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  else if (reason === 'close') await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
  else if (reason === 'backdrop') await user.click(screen.getByTestId('dialog-backdrop'));
  else await user.keyboard('{Escape}');
}

/** The question on screen: its title and text (docs/product.md#dialogs), the warning icon, Cancel and Yes only, the focus on Cancel. */
async function expectQuestion() {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  expect(dialog).toHaveAccessibleDescription('This cannot be undone!');
  expect(
    within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent || b.getAttribute('aria-label')),
  ).toEqual(['Close dialog', 'Cancel', 'Yes']);
  expect(dialog.querySelector('[data-icon="warning"] svg')).not.toBeNull();
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
}

/** Whatever the machine says: the question's Yes calls the delete, once; any other answer calls nothing. */
function expectOnlyYesDeletes(event: ModelEvent, calls: [number][]) {
  if (event.type !== 'xstate.done.actor.confirmDelete') return;
  expect(calls).toEqual(event.output.result === 'confirmed' ? [[TARGET.id]] : []);
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('delete person machine × User Dashboard trash button (model-based)', () => {
  runModel(deletePersonMachine, paths, (inspect) => {
    inspectPageActors(deletePersonMachine.id, inspect);
    const user = userEvent.setup();
    const { remove, settleRemove } = fakePeople();
    renderView(() => <UserListPage title="User Dashboard" />, { path: '/user' });
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'delete.ask') await user.click(screen.getByRole('button', { name: `Delete ${e.name}` }));
        else if (e.type === 'xstate.done.actor.confirmDelete') await answer(user, e);
        else await act(async () => settleRemove(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        expectOnlyYesDeletes(e, remove.calls());
        if (state.matches('asking')) {
          await expectQuestion();
          expect(remove.calls()).toEqual([]);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        if (state.matches('deleting')) {
          // Only Yes calls the server, once, for the person whose trash was pressed.
          expect(remove.calls()).toEqual([[TARGET.id]]);
          expect(rowNames()).toContain(TARGET.name);
          return;
        }
        // idle: at the start, after a dismissed question (nothing deleted), after the call answered.
        if (e.type === 'xstate.done.actor.remove') {
          expect(await screen.findByText(DELETED)).toBeInTheDocument();
          // The list is read again and no longer shows the person.
          await waitFor(() => expect(rowNames()).toEqual(['Ava Chen', 'Noah Wilson']));
          expect(peopleService.list).toHaveBeenCalledTimes(2);
          return;
        }
        await waitFor(() => expect(rowNames()).toEqual(PEOPLE.map((p) => p.name)));
        if (e.type === 'xstate.error.actor.remove') {
          expect(await screen.findByText(REMOVE_FAILURE)).toBeInTheDocument();
          expect(screen.queryByText(DELETED)).not.toBeInTheDocument();
        } else expect(remove.calls()).toEqual([]);
        expect(peopleService.list).toHaveBeenCalledTimes(1);
      },
    };
  });
});

describe('delete person machine × Edit User’s Delete User (model-based)', () => {
  runModel(deletePersonMachine, paths, (inspect) => {
    inspectPageActors(deletePersonMachine.id, inspect);
    const user = userEvent.setup();
    const { remove, settleRemove } = fakePeople();
    const { location } = renderView(
      () => (
        <SessionContext.Provider logic={signedInSession().logic}>
          <UserFormPage title="Edit User" />
        </SessionContext.Provider>
      ),
      { path: `/user/edit?id=${TARGET.id}` },
    );
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'delete.ask') await user.click(screen.getByRole('button', { name: 'Delete User' }));
        else if (e.type === 'xstate.done.actor.confirmDelete') await answer(user, e);
        else await act(async () => settleRemove(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        expectOnlyYesDeletes(e, remove.calls());
        if (state.matches('asking')) {
          await expectQuestion();
          expect(remove.calls()).toEqual([]);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        if (state.matches('deleting')) {
          expect(remove.calls()).toEqual([[TARGET.id]]);
          return;
        }
        if (e.type === 'xstate.done.actor.remove') {
          // Deleted: its toast, then back to the list.
          expect(await screen.findByText(DELETED)).toBeInTheDocument();
          await waitFor(() => expect(location.history.at(-1)).toBe('/user'));
          return;
        }
        // Still on the person's form (loaded at the start; kept after a dismissed question or a failed call).
        expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue(TARGET.name);
        expect(screen.getByRole('button', { name: 'Delete User' })).toBeEnabled();
        expect(location.history.at(-1)).toBe(`/user/edit?id=${TARGET.id}`);
        if (e.type === 'xstate.error.actor.remove') expect(await screen.findByText(REMOVE_FAILURE)).toBeInTheDocument();
        else expect(remove.calls()).toEqual([]);
      },
    };
  });
});

// Written from the product rules (docs/product.md#management, #dialogs), not from the graph.
describe('delete person product-rule scenarios', () => {
  beforeEach(clearToasts);

  it('Cancel keeps the person; asking again and Yes deletes that person only, toasts and shows the list without them', async () => {
    const user = userEvent.setup();
    const { remove, settleRemove } = fakePeople();
    renderView(() => <UserListPage title="User Dashboard" />, { path: '/user' });
    await user.click(await screen.findByRole('button', { name: `Delete ${TARGET.name}` }));
    await user.click(within(screen.getByRole('dialog', { name: QUESTION })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: `Delete ${TARGET.name}` }));
    await user.click(within(screen.getByRole('dialog', { name: QUESTION })).getByRole('button', { name: 'Yes' }));
    expect(remove.calls()).toEqual([[TARGET.id]]);
    await act(async () => settleRemove({ type: 'xstate.done.actor.remove', output: undefined }));
    expect(await screen.findByText(DELETED)).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Ava Chen', 'Noah Wilson']));
  });

  it('Enter on the focused Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { remove } = fakePeople();
    renderView(() => <UserListPage title="User Dashboard" />, { path: '/user' });
    await user.click(await screen.findByRole('button', { name: 'Delete Ava Chen' }));
    const dialog = screen.getByRole('dialog', { name: "Delete Ava Chen's Profile?" });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove.calls()).toEqual([]);
  });
});
