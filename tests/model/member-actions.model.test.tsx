import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import type { Member } from '@contract/team.contract';
import { memberActionsMachine } from '../../src/machines/member-actions.machine';
import { teamService, type MemberSaved } from '../../src/services/team.service';
import { SessionContext } from '../../src/views/shared/session.context';
import TeamListPage from '../../src/views/team/team-list.page';
import { INVITED, LAST_OWNER, REMOVED, RESEND_FAILURE, RESENT, TARGET, paths, type ModelEvent } from './models/member-actions.model';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The real Team page with its own machines and actors; only the team calls are answered by the test, and the page's
// memberActions actor is inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/team.service', async (original) => ({
  ...(await original<typeof import('../../src/services/team.service')>()),
  teamService: { list: vi.fn(), invite: vi.fn(), update: vi.fn(), remove: vi.fn(), resendInvitation: vi.fn() },
}));

const RESTAURANTS = [
  { id: 7, name: 'Parramatta' },
  { id: 9, name: 'Bondi Beach' },
] as Restaurant[];
const member = (id: number, name: string, role: Member['role'], restaurant_ids: number[], status: Member['status']): Member => ({
  id,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  name,
  role,
  restaurant_ids,
  status,
  version: 1,
});
const MEMBERS = [
  member(1, 'Olivia Chen', 'owner', [], 'active'),
  member(TARGET.id, TARGET.name, 'manager', [7], 'active'),
  member(INVITED.id, INVITED.name, 'manager', [9, 7], 'invited'),
];

/** The franchise's members as the server holds them: the list call reads them, a succeeded removal removes its member. */
function fakeTeam() {
  vi.clearAllMocks();
  let stored = [...MEMBERS];
  const remove = controllableCall<string, [number]>();
  const resend = controllableCall<MemberSaved, [number]>();
  vi.mocked(teamService.list).mockImplementation(async () => stored);
  vi.mocked(teamService.remove).mockImplementation(remove.fn);
  vi.mocked(teamService.resendInvitation).mockImplementation(resend.fn);
  return {
    remove,
    resend,
    settle: (event: ModelEvent) => {
      if (event.type === 'xstate.done.actor.remove') stored = stored.filter((m) => m.id !== remove.calls().at(-1)![0]);
      if (event.type === 'xstate.done.actor.resend') resend.resolve({ member: MEMBERS[2]!, message: event.output });
      else if (event.type.endsWith('.resend')) resend.settle(event);
      else remove.settle(event);
    },
  };
}

function renderTeam() {
  const session = signedInSession(RESTAURANTS);
  return renderView(
    () => (
      <SessionContext.Provider logic={session.logic}>
        <TeamListPage title="Team" />
      </SessionContext.Provider>
    ),
    { path: '/team' },
  );
}

const QUESTION = `Remove ${TARGET.name} from the team?`;
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const actionButtons = () => screen.getAllByRole('button', { name: /^(Remove|Resend invitation to) / });

async function answer(user: UserEvent, event: Extract<ModelEvent, { type: 'xstate.done.actor.confirmRemove' }>) {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  await user.click(within(dialog).getByRole('button', { name: event.output.result === 'confirmed' ? 'Remove' : 'Cancel' }));
}

describe('member actions machine × Team page (model-based)', () => {
  runModel(memberActionsMachine, paths, (inspect) => {
    inspectPageActors(memberActionsMachine.id, inspect);
    const user = userEvent.setup();
    const { remove, resend, settle } = fakeTeam();
    renderTeam();
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'member.remove') await user.click(await screen.findByRole('button', { name: `Remove ${e.name}` }));
        else if (e.type === 'member.resend')
          await user.click(await screen.findByRole('button', { name: `Resend invitation to ${e.name}` }));
        else if (e.type === 'xstate.done.actor.confirmRemove') await answer(user, e);
        else await act(async () => settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.matches('asking')) {
          const dialog = screen.getByRole('dialog', { name: QUESTION });
          expect(dialog).toHaveAccessibleDescription('They can no longer sign in. This cannot be undone!');
          expect(
            within(dialog)
              .getAllByRole('button')
              .map((b) => b.textContent || b.getAttribute('aria-label')),
          ).toEqual(['Close dialog', 'Cancel', 'Remove']);
          expect(remove.calls()).toEqual([]);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        if (state.matches('removing') || state.matches('resending')) {
          // Only Remove calls the server, once, for the member whose button was pressed; meanwhile no other action starts.
          if (state.matches('removing')) expect(remove.calls()).toEqual([[TARGET.id]]);
          else expect(resend.calls().at(-1)).toEqual([INVITED.id]);
          for (const button of actionButtons()) expect(button).toBeDisabled();
          return;
        }
        // idle: at the start, after a dismissed question (nothing removed), after a call answered.
        if (e.type === 'xstate.done.actor.remove') {
          expect(await screen.findByText(REMOVED)).toBeInTheDocument();
          // The list is read again and no longer shows the member.
          await waitFor(() => expect(rowNames()).toEqual(MEMBERS.filter((m) => m.id !== TARGET.id).map((m) => m.name)));
          return;
        }
        await waitFor(() => expect(rowNames()).toEqual(MEMBERS.map((m) => m.name)));
        for (const button of actionButtons()) expect(button).toBeEnabled();
        if (e.type === 'xstate.error.actor.remove') expect(await screen.findByText(LAST_OWNER)).toBeInTheDocument();
        if (e.type === 'xstate.done.actor.resend') expect(await screen.findByText(RESENT)).toBeInTheDocument();
        if (e.type === 'xstate.error.actor.resend') expect(await screen.findByText(RESEND_FAILURE)).toBeInTheDocument();
        if (e.type === 'xstate.done.actor.confirmRemove') expect(remove.calls()).toEqual([]);
      },
    };
  });
});

// Written from the product rules (docs/product.md#team-and-activity), not from the graph.
describe('Team page scenarios', () => {
  beforeEach(clearToasts);

  it('lists each member with role, branches by name and status; only invited members can be sent the invitation again', async () => {
    fakeTeam();
    renderTeam();
    await waitFor(() => expect(rowNames()).toEqual(MEMBERS.map((m) => m.name)));
    const cells = (name: string) =>
      within(screen.getByRole('cell', { name }).closest('tr')!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent);
    expect(cells('Olivia Chen')).toEqual(['Olivia Chen', 'olivia@example.com', 'Owner', 'All branches', 'Active']);
    expect(cells(TARGET.name)).toEqual([TARGET.name, 'liam@example.com', 'Manager', 'Parramatta', 'Active']);
    expect(cells(INVITED.name)).toEqual([INVITED.name, 'nora@example.com', 'Manager', 'Bondi Beach, Parramatta', 'Invited']);
    expect(screen.getAllByRole('button', { name: /^Resend invitation to / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      `Resend invitation to ${INVITED.name}`,
    ]);
    expect(screen.getByRole('link', { name: `Edit ${INVITED.name}` })).toHaveAttribute('href', `/team/edit?id=${INVITED.id}`);
    expect(screen.getByRole('link', { name: 'Invite member' })).toHaveAttribute('href', '/team/invite');
  });

  it('searches by name, e-mail or role', async () => {
    const user = userEvent.setup();
    fakeTeam();
    renderTeam();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, email or role' }), 'OWNER');
    expect(rowNames()).toEqual(['Olivia Chen']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name, email or role' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, email or role' }), 'nora@');
    expect(rowNames()).toEqual([INVITED.name]);
  });
});
