import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import { reportSubscriptionsMachine } from '../../src/machines/report-subscriptions.machine';
import { ApiError } from '../../src/services/api-error';
import { reportSubscriptionsService } from '../../src/services/report-subscriptions.service';
import { ReportMailsSection } from '../../src/views/profile/report-mails.view';
import { SessionContext } from '../../src/views/shared/session.context';
import {
  CREATED,
  CREATED_LINE,
  ITEMS,
  LINES,
  LIST_FAILURE,
  MAILED,
  REMOVE_FAILURE,
  SEND_FAILED,
  TARGET,
  TOO_MANY,
  paths,
  type ModelEvent,
  type Snapshot,
} from './models/report-subscriptions.model';
import { choose } from './support/choose';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The real report mails section of the Profile page with its own machines and actors (the list's, and the add form's
// entity form); only the report subscription calls are answered by the test, and the list's actor is inspected through
// the options it gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/report-subscriptions.service', async (original) => ({
  ...(await original<typeof import('../../src/services/report-subscriptions.service')>()),
  reportSubscriptionsService: { list: vi.fn(), create: vi.fn(), remove: vi.fn(), send: vi.fn() },
}));

function fakeCalls() {
  vi.clearAllMocks();
  const list = controllableCall<ReportSubscription[]>();
  const create = controllableCall<ReportSubscription, [unknown]>();
  const remove = controllableCall<undefined, [number]>();
  const send = controllableCall<string, [number]>();
  vi.mocked(reportSubscriptionsService.list).mockImplementation(list.fn);
  vi.mocked(reportSubscriptionsService.create).mockImplementation(create.fn as typeof reportSubscriptionsService.create);
  vi.mocked(reportSubscriptionsService.remove).mockImplementation(remove.fn);
  vi.mocked(reportSubscriptionsService.send).mockImplementation(send.fn);
  return { list, create, remove, send };
}

function renderSection() {
  return renderView(
    () => (
      <SessionContext.Provider logic={signedInSession().logic}>
        <ReportMailsSection />
      </SessionContext.Provider>
    ),
    { path: '/profile' },
  );
}

const QUESTION = 'Remove this report mail?';
const ADD_QUESTION = 'Add this report mail?';
const HOUR_REFUSED = 'Hour must be a whole number from 0 to 23';
const LIMIT = 'At most 20 report subscriptions per member';
/** Calls made up to a step: the remove calls when the question opened, the list reads when an add began. */
type Seen = { atQuestion: number; reads: number };
const addButton = () => screen.getByRole('button', { name: 'Add report' });
const lineOf = (item: ReportSubscription) => (item.id === CREATED.id ? CREATED_LINE : LINES[ITEMS.findIndex((i) => i.id === item.id)]);

/** The list: the loader, the failure with Retry, the empty text, or a row per mail with its buttons. */
function verifyList(state: Snapshot) {
  const loading = screen.queryByRole('status', { name: 'Loading report mails' });
  if (state.matches('loading')) {
    expect(loading).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add report' })).not.toBeInTheDocument();
    return;
  }
  expect(loading).not.toBeInTheDocument();
  if (state.matches('failed')) {
    expect(screen.getByText('Report mails could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(LIST_FAILURE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading report mails' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Add report' })).not.toBeInTheDocument();
    return;
  }
  const items = state.context.items;
  if (items.length === 0) {
    expect(screen.getByText('No report mails yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your report mails' })).not.toBeInTheDocument();
  } else {
    const rows = within(screen.getByRole('list', { name: 'Your report mails' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(items.map(lineOf));
  }
  const idle = state.matches({ ready: { row: 'idle' } });
  for (const item of items) {
    const label = lineOf(item)!.replace(/ — next: .*$/, '');
    const send = screen.getByRole('button', { name: `Send now: ${label}` });
    const remove = screen.getByRole('button', { name: `Remove: ${label}` });
    if (idle) {
      expect(send).toBeEnabled();
      expect(remove).toBeEnabled();
    } else expect(remove).toBeDisabled();
    const sendingThis = state.matches({ ready: { row: 'sending' } }) && item.id === TARGET.id;
    expect(send.getAttribute('data-loading')).toBe(sendingThis ? 'true' : null);
  }
}

/** The add form beside the list: shown with the list; the mail it stored toasted, and not added twice. */
async function verifyForm(state: Snapshot, event: ModelEvent, calls: ReturnType<typeof fakeCalls>, seen: Seen) {
  if (!state.matches('ready')) return;
  expect(screen.getByRole('form', { name: 'Add report' })).toBeInTheDocument();
  if (event.type !== 'form.saved') return;
  // The form's choices were sent, no weekday for a daily mail; the list gained the answer without reading it again.
  expect(calls.create.calls()).toEqual([[{ page: 'revenue', range: '7days', frequency: 'daily', weekday: null, hour: 7 }]]);
  expect(calls.list.calls()).toHaveLength(seen.reads);
  expect(await screen.findByText('Report mail added')).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Weekday' })).not.toBeInTheDocument();
  expect(addButton()).toBeDisabled();
}

/** Through the form as the user does it: Revenue, Daily, Add report, Add in the question; then the create call answers. */
async function addThroughTheForm(user: UserEvent, calls: ReturnType<typeof fakeCalls>, output: ReportSubscription) {
  await choose(user, 'Report', 'Revenue');
  await choose(user, 'Frequency', 'Daily');
  await user.click(addButton());
  const dialog = await screen.findByRole('dialog', { name: ADD_QUESTION });
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(calls.create.pending()).toBe(1));
  await act(async () => calls.create.resolve(output));
}

/** The remove question, the calls and the toasts of the row actions. */
async function verifyRow(state: Snapshot, event: ModelEvent, calls: ReturnType<typeof fakeCalls>, seen: Seen) {
  if (state.matches({ ready: { row: 'asking' } })) {
    seen.atQuestion = calls.remove.calls().length;
    const dialog = screen.getByRole('dialog', { name: QUESTION });
    expect(dialog).toHaveAccessibleDescription(`${TARGET.label} will no longer be mailed to you.`);
    return;
  }
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  if (event.type === 'xstate.done.actor.confirmRemove') {
    // Only Remove calls the server, once, for the mail whose button was pressed.
    const confirmed = event.output.result === 'confirmed';
    expect(calls.remove.calls().length).toBe(seen.atQuestion + (confirmed ? 1 : 0));
    if (confirmed) expect(calls.remove.calls().at(-1)).toEqual([TARGET.id]);
  }
  if (event.type === 'mail.send') expect(calls.send.calls().at(-1)).toEqual([TARGET.id]);
  if (event.type === 'xstate.done.actor.sendReport') expect(await screen.findByText(MAILED)).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.sendReport') {
    // Too many sends (429) and a mail server that failed (503): the server's sentence each time.
    expect(await screen.findByText((event.error as ApiError).status === 429 ? TOO_MANY : SEND_FAILED)).toBeInTheDocument();
  }
  if (event.type === 'xstate.done.actor.removeSubscription') {
    expect(await screen.findByText(`Report mail "${TARGET.label}" removed`)).toBeInTheDocument();
  }
  if (event.type === 'xstate.error.actor.removeSubscription') expect(await screen.findByText(REMOVE_FAILURE)).toBeInTheDocument();
}

async function answer(user: UserEvent, event: Extract<ModelEvent, { type: 'xstate.done.actor.confirmRemove' }>) {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  await user.click(within(dialog).getByRole('button', { name: event.output.result === 'confirmed' ? 'Remove' : 'Cancel' }));
}

describe('report subscriptions machine × Profile report mails (model-based)', () => {
  runModel(reportSubscriptionsMachine, paths, (inspect) => {
    inspectPageActors(reportSubscriptionsMachine.id, inspect);
    const user = userEvent.setup();
    const calls = fakeCalls();
    const seen: Seen = { atQuestion: 0, reads: 0 };
    renderSection();
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        switch (e.type) {
          case 'xstate.done.actor.fetchSubscriptions':
          case 'xstate.error.actor.fetchSubscriptions':
            return act(async () => calls.list.settle(e));
          case 'xstate.done.actor.removeSubscription':
          case 'xstate.error.actor.removeSubscription':
            return act(async () => calls.remove.settle(e));
          case 'xstate.done.actor.sendReport':
          case 'xstate.error.actor.sendReport':
            return act(async () => calls.send.settle(e));
          case 'xstate.done.actor.confirmRemove':
            return answer(user, e);
          case 'mails.retry':
            return user.click(screen.getByRole('button', { name: 'Retry loading report mails' }));
          case 'form.saved':
            seen.reads = calls.list.calls().length;
            return addThroughTheForm(user, calls, e.record.stored as ReportSubscription);
          case 'mail.send':
            return user.click(screen.getByRole('button', { name: `Send now: ${e.label}` }));
          case 'mail.remove':
            return user.click(screen.getByRole('button', { name: `Remove: ${e.label}` }));
        }
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        // The list follows the answers (an added mail's as its child form tells it): wait for its rows.
        await waitFor(() => verifyList(state));
        await verifyForm(state, e, calls, seen);
        await verifyRow(state, e, calls, seen);
      },
    };
  });
});

// Written from the task, not from the graph.
describe('report mails scenarios', () => {
  beforeEach(clearToasts);

  it('adds a weekly Revenue mail on Friday at 18:00 for the last 14 days, with those choices sent', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderSection();
    await act(async () => calls.list.resolve([]));
    expect(screen.getByText('No report mails yet.')).toBeInTheDocument();
    await choose(user, 'Report', 'Revenue');
    await choose(user, 'Range', 'Last 14 Days');
    await choose(user, 'Weekday', 'Friday');
    await choose(user, 'Hour', '18:00');
    await user.click(addButton());
    // Asked first: nothing is sent before Add.
    const dialog = await screen.findByRole('dialog', { name: ADD_QUESTION });
    expect(dialog).toHaveAccessibleDescription('It will be mailed to you on its schedule, with its PDF.');
    expect(calls.create.calls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(calls.create.calls()).toEqual([[{ page: 'revenue', range: '14days', frequency: 'weekly', weekday: 5, hour: 18 }]]);
  });

  it('adds the default choices as they stand; Cancel in the question adds nothing; the same mail is not added twice', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderSection();
    await act(async () => calls.list.resolve([]));
    await user.click(addButton());
    await user.click(within(await screen.findByRole('dialog', { name: ADD_QUESTION })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.create.calls()).toEqual([]);
    await user.click(addButton());
    await user.click(within(await screen.findByRole('dialog', { name: ADD_QUESTION })).getByRole('button', { name: 'Add' }));
    expect(calls.create.calls()).toEqual([[{ page: 'dashboard', range: '7days', frequency: 'weekly', weekday: 1, hour: 7 }]]);
    await act(async () => calls.create.resolve(ITEMS[0]!));
    expect(await screen.findByText('Report mail added')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your report mails' })).getByText(LINES[0]!)).toBeInTheDocument();
    // Added: a changed choice makes the next mail.
    expect(addButton()).toBeDisabled();
    await choose(user, 'Hour', '18:00');
    expect(addButton()).toBeEnabled();
  });

  it("puts the server's 422 on its field and the limit's 409 on the form, each until a choice changes", async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderSection();
    await act(async () => calls.list.resolve(ITEMS));
    const add = async () => {
      await user.click(addButton());
      await user.click(within(await screen.findByRole('dialog', { name: ADD_QUESTION })).getByRole('button', { name: 'Add' }));
    };
    await add();
    await act(async () =>
      calls.create.reject(new ApiError(HOUR_REFUSED, 422, { status: 'error', message: HOUR_REFUSED, errors: { hour: [HOUR_REFUSED] } })),
    );
    expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveAccessibleDescription(expect.stringContaining(HOUR_REFUSED));
    await choose(user, 'Hour', '18:00');
    expect(screen.getByRole('combobox', { name: 'Hour' })).not.toHaveAttribute('aria-invalid', 'true');
    await add();
    await act(async () => calls.create.reject(new ApiError(LIMIT, 409)));
    // The limit is the form's refusal, not a record someone else changed: no Reload, the choices stay usable.
    const form = screen.getByRole('form', { name: 'Add report' });
    expect(within(form).getByRole('alert')).toHaveTextContent(LIMIT);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(addButton()).toBeEnabled();
    await choose(user, 'Range', 'Last 14 Days');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your report mails' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a mail stored while Send now runs joins the list; the row still finishes its send', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderSection();
    await act(async () => calls.list.resolve(ITEMS));
    await user.click(screen.getByRole('button', { name: `Send now: ${TARGET.label}` }));
    await addThroughTheForm(user, calls, CREATED);
    const rows = () => within(screen.getByRole('list', { name: 'Your report mails' })).getAllByRole('listitem');
    await waitFor(() => expect(rows().map((row) => row.querySelector('p')?.textContent)).toEqual([...LINES, CREATED_LINE]));
    await act(async () => calls.send.resolve(MAILED));
    expect(await screen.findByText(MAILED)).toBeInTheDocument();
    expect(calls.list.calls()).toHaveLength(1);
  });

  it('offers the Dashboard and every analytics page, and every hour from 00:00 to 23:00', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderSection();
    await act(async () => calls.list.resolve([]));
    await user.hover(screen.getByRole('combobox', { name: 'Report' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Report' })).toHaveClass('mantine-Select-input'));
    await user.click(screen.getByRole('combobox', { name: 'Report' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Dashboard',
      'Order',
      'Roster & Productivity',
      'Revenue',
      'Headcount',
      'Procurement',
      'Loss',
      'Food & Prime Cost',
      'Menu Engineering',
    ]);
    await user.keyboard('{Escape}');
    await user.hover(screen.getByRole('combobox', { name: 'Hour' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveClass('mantine-Select-input'));
    await user.click(screen.getByRole('combobox', { name: 'Hour' }));
    const hours = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(hours).toHaveLength(24);
    expect([hours[0], hours[23]]).toEqual(['00:00', '23:00']);
  });
});
