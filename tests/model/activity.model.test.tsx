import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as settled, type InspectionEvent } from 'xstate';
import type { ActivityMember, ActivityPage } from '@contract/activity.contract';
import { activityMachine, type PageRequest } from '../../src/machines/activity.machine';
import { activityHref, DATES_OUT_OF_ORDER, ENTITY_LABELS } from '../../src/machines/support/activity-filters';
import type { ActivityFilters } from '../../src/services/activity.service';
import { ApiError } from '../../src/services/api-error';
import type { ExportFile } from '../../src/services/page-reports.service';
import type { Navigation } from '../../src/shared/effects';
import { ActivityContext } from '../../src/views/activity/activity.context';
import { ActivityUrlSync, ActivityView } from '../../src/views/activity/activity.view';
import {
  CSV_FILE,
  entry,
  EXPORT_FAILURE,
  LATER_FIRST,
  MEMBERS,
  NONE,
  PAGE_FAILURE,
  pageOf,
  paths,
  TOTAL,
  type ModelEvent,
} from './models/activity.model';
import { choose } from './support/choose';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { clearToasts, renderView } from './support/render-view';

const TIME_ZONE = 'Australia/Sydney';
const RESTAURANTS = [{ id: 7, name: 'Parramatta' }];

/** The Activity page around a fresh actor whose calls the test answers; `navigate` records, or moves the memory location with `follow`. */
function renderActivity({
  inspect,
  search = '',
  follow = false,
}: { inspect?: (event: InspectionEvent) => void; search?: string; follow?: boolean } = {}) {
  const fetchPage = controllableActor<ActivityPage, PageRequest>();
  const fetchMembers = controllableActor<ActivityMember[]>();
  const exportLog = controllableActor<ExportFile, ActivityFilters>();
  const navigations: Navigation[] = [];
  const downloads: ExportFile[] = [];
  const view = renderView(
    (effects) => (
      <ActivityContext.Provider
        options={{ inspect, input: { search } }}
        logic={activityMachine.provide({
          actors: { fetchPage: fetchPage.logic, fetchMembers: fetchMembers.logic, exportLog: exportLog.logic },
          actions: {
            navigate: (_, navigation) => {
              navigations.push(navigation);
              if (follow) effects.navigate(_, navigation);
            },
            notify: effects.notify,
            download: (_, file) => downloads.push(file),
          },
        })}
      >
        <ActivityUrlSync />
        <ActivityView title="Activity" timeZone={TIME_ZONE} restaurants={RESTAURANTS} />
      </ActivityContext.Provider>
    ),
    { path: `/activity${search}` },
  );
  return { ...view, fetchPage, fetchMembers, exportLog, navigations, downloads };
}

const dayField = (label: 'From' | 'To') => screen.getByLabelText(label) as HTMLInputElement;
const tableRows = () =>
  within(screen.getByRole('group', { name: 'Activity, scrollable' }))
    .getAllByRole('row')
    .slice(1);
const applyButton = () => screen.getByRole('button', { name: /^(Apply|Loading\.\.\.)$/ });

describe('activity machine × Activity page (model-based)', () => {
  runModel(activityMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { fetchPage, fetchMembers, exportLog, navigations, downloads, location } = renderActivity({ inspect });
    // Navigating to the address already shown reports nothing; a link to the same view differs by another parameter.
    let shown = '';
    const visit = (search: string) => {
      shown = search === shown ? `${search || '?'}${search ? '&' : ''}from=link` : search;
      act(() => location.navigate(`/activity${shown}`));
    };
    let navigationsBefore = 0;

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        navigationsBefore = navigations.length;
        if (e.type === 'activity.filter' && e.field === 'entity') await choose(user, 'Kind', ENTITY_LABELS.restaurant);
        else if (e.type === 'activity.filter') {
          // A date field reports its whole value at once, as the browser's date picker does.
          const field = dayField(e.field === 'from' ? 'From' : 'To');
          await user.click(field);
          await user.paste(e.value);
        } else if (e.type === 'activity.apply') await user.click(applyButton());
        else if (e.type === 'activity.reset') await user.click(screen.getByRole('button', { name: 'Reset' }));
        else if (e.type === 'activity.page') await user.click(screen.getByRole('button', { name: e.page === 2 ? 'Next' : 'Prev' }));
        else if (e.type === 'activity.retry') await user.click(screen.getByRole('button', { name: 'Retry' }));
        else if (e.type === 'activity.export') await user.click(screen.getByRole('button', { name: 'Export CSV' }));
        else if (e.type === 'activity.urlChanged') visit(e.search);
        else if (e.type.endsWith('fetchPage')) await act(async () => fetchPage.settle(e));
        else if (e.type.endsWith('fetchMembers')) await act(async () => fetchMembers.settle(e));
        else await act(async () => exportLog.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { draft, applied, page, total, dateError } = state.context;
        expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
        // The controls show the draft.
        expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue(
          draft.entity === null ? 'All kinds' : ENTITY_LABELS[draft.entity],
        );
        expect(dayField('From')).toHaveValue(draft.from ?? '');
        expect(dayField('To')).toHaveValue(draft.to ?? '');
        if (dateError) expect(dayField('To')).toHaveAccessibleDescription(DATES_OUT_OF_ORDER);
        else expect(dayField('To')).not.toHaveAttribute('aria-invalid', 'true');
        const member = screen.getByRole('combobox', { name: /^Member/ });
        if (state.matches({ members: 'failed' })) expect(member).toHaveAccessibleDescription('The members could not be loaded');
        else expect(member).not.toHaveAccessibleDescription();

        const exportButton = screen.getByRole('button', { name: 'Export CSV' });
        if (state.matches({ log: 'loading' })) {
          expect(screen.getByRole('status', { name: 'Loading activity' })).toBeInTheDocument();
          expect(applyButton()).toHaveTextContent('Loading...');
          expect(applyButton()).toBeDisabled();
          expect(exportButton).toBeDisabled();
          expect(fetchPage.inputs.at(-1)).toEqual({ filters: applied, page });
        } else if (state.matches({ log: { shown: 'failed' } })) {
          expect(screen.getByText(PAGE_FAILURE)).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          expect(exportButton).toBeDisabled();
          expect(applyButton()).toBeEnabled();
        } else if (state.matches({ log: { shown: 'empty' } })) {
          const filtered = Object.values(applied).some((v) => v !== null);
          expect(screen.getByText(filtered ? 'No activity matches these filters.' : 'No activity yet.')).toBeInTheDocument();
          expect(screen.queryByRole('group', { name: 'Activity, scrollable' })).not.toBeInTheDocument();
          expect(exportButton).toBeDisabled();
        } else {
          // The entries of the page, newest first, with the pager.
          const first = (page - 1) * 50;
          const rows = tableRows();
          expect(rows).toHaveLength(Math.min(50, TOTAL - first));
          expect(rows[0]!.textContent).toContain(`name: Parramatta ${first + 1} → Parramatta ${first}`);
          const pager = screen.getByRole('navigation', { name: 'Activity pages' });
          expect(within(pager).getByText(`Page ${page} of ${Math.ceil(total / 50)}`)).toBeInTheDocument();
          expect(within(pager).getByText(`Showing ${first + 1}–${first + rows.length} of ${total}`)).toBeInTheDocument();
          if (state.matches({ log: 'exporting' })) {
            expect(exportButton).toHaveAttribute('data-loading', 'true');
            expect(applyButton()).toBeDisabled();
            expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
            expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
            expect(exportLog.inputs.at(-1)).toEqual(applied);
          } else {
            expect(exportButton).toBeEnabled();
            expect(applyButton()).toBeEnabled();
          }
        }

        // The URL is the record of the filters and the page: Apply, Reset and the pager ask for a new address.
        const navigated = navigations.slice(navigationsBefore);
        if (e.type === 'activity.apply' && !dateError && !state.matches({ log: 'loading' })) {
          expect(navigated).toEqual([{ to: activityHref({ filters: draft, page: 1 }), replace: false }]);
        } else if (e.type === 'activity.page') {
          expect(navigated).toEqual([{ to: activityHref({ filters: applied, page: e.page }), replace: false }]);
        } else if (e.type === 'xstate.done.actor.fetchPage' && e.output.items.length === 0 && e.output.total > 0) {
          // An old link past the last page: the last page instead, the address replaced.
          expect(navigated).toEqual([{ to: activityHref({ filters: applied, page: 2 }), replace: true }]);
        } else if (e.type !== 'activity.reset') expect(navigated).toEqual([]);
        if (e.type === 'activity.reset') {
          expect(draft).toEqual({ userId: null, entity: null, from: null, to: null });
          const filtered = Object.values(applied).some((v) => v !== null) || page > 1;
          expect(navigated).toEqual(filtered ? [{ to: '/activity', replace: false }] : []);
        }
        if (e.type === 'xstate.done.actor.exportLog') {
          expect(downloads.at(-1)).toBe(CSV_FILE);
          expect(await screen.findByText('Exported as CSV!')).toBeInTheDocument();
        }
        if (e.type === 'xstate.error.actor.exportLog') expect(await screen.findByText(EXPORT_FAILURE)).toBeInTheDocument();
      },
    };
  });
});

// Written from the product rules (docs/product.md#team-and-activity), not from the graph.
describe('Activity page scenarios', () => {
  beforeEach(clearToasts);

  it('shows when (on the franchise clock), who, what, which record and each change as "field: before → after"', async () => {
    const { fetchPage } = renderActivity();
    const items = [
      entry(0),
      {
        at: '2026-11-23T22:30:00.000Z',
        user: { id: 1, name: 'Olivia Chen' },
        action: 'invited' as const,
        entity: 'member' as const,
        entity_id: '12',
        changes: {
          email: [null, 'nora@example.com'],
          role: [null, 'manager'],
          restaurant_ids: [null, [7, 3]],
        } as ActivityPage['items'][0]['changes'],
      },
      {
        at: '2026-11-23T21:00:00.000Z',
        user: { id: null, name: 'Till sync' },
        action: 'ingested' as const,
        entity: 'ingest' as const,
        entity_id: null,
        changes: { created: [null, 12] } as ActivityPage['items'][0]['changes'],
      },
      {
        at: '2026-11-23T20:00:00.000Z',
        user: { id: 1, name: 'Olivia Chen' },
        action: 'updated' as const,
        entity: 'profile' as const,
        entity_id: '1',
        changes: { password: [null, 'changed'] } as ActivityPage['items'][0]['changes'],
      },
    ];
    await act(async () => fetchPage.resolve({ items, page: 1, total: items.length }));
    const cells = tableRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    // 03:00 UTC on 24 Nov is 14:00 in Sydney (daylight saving); 22:30 UTC on 23 Nov is 09:30 on the 24th.
    expect(cells[0]).toEqual(['24 Nov 2026, 14:00', 'Liam Brown', 'Updated', 'Restaurant #7', 'name: Parramatta 1 → Parramatta 0']);
    expect(cells[1]).toEqual([
      '24 Nov 2026, 09:30',
      'Olivia Chen',
      'Invited',
      'Team member #12',
      'email: — → nora@example.comrole: — → Managerbranches: — → Parramatta, #3',
    ]);
    expect(cells[2]).toEqual(['24 Nov 2026, 08:00', 'Till sync (API key)', 'Ingested', 'Ingest API', 'created: — → 12']);
    expect(cells[3]![4]).toBe('password: changed');
    expect(screen.getByText(`Newest first; times and days are in ${TIME_ZONE} time.`)).toBeInTheDocument();
  });

  it('filters by member, kind and days: Apply writes them to the URL, which loads them from page 1', async () => {
    const user = userEvent.setup();
    const { fetchPage, fetchMembers, location } = renderActivity({ search: '?page=2', follow: true });
    expect(fetchPage.inputs).toEqual([{ filters: { userId: null, entity: null, from: null, to: null }, page: 2 }]);
    await act(async () => fetchMembers.resolve(MEMBERS));
    await act(async () => fetchPage.resolve(pageOf(2)));
    await choose(user, 'Member', 'Liam Brown');
    await choose(user, 'Kind', 'Team member');
    await user.click(dayField('From'));
    await user.paste('2026-11-01');
    await user.click(dayField('To'));
    await user.paste('2026-11-20');
    expect(fetchPage.inputs).toHaveLength(1);
    await user.click(applyButton());
    expect(location.history.at(-1)).toBe('/activity?user_id=2&entity=member&from=2026-11-01&to=2026-11-20');
    expect(fetchPage.inputs.at(-1)).toEqual({ filters: { userId: 2, entity: 'member', from: '2026-11-01', to: '2026-11-20' }, page: 1 });
  });

  it('refuses a last day before the first on the page, without a call, until a day changes', async () => {
    const user = userEvent.setup();
    const { fetchPage, navigations } = renderActivity();
    await act(async () => fetchPage.resolve(pageOf(1)));
    await user.click(dayField('From'));
    await user.paste(LATER_FIRST.from);
    await user.click(dayField('To'));
    await user.paste(LATER_FIRST.to);
    await user.click(applyButton());
    expect(dayField('To')).toHaveAccessibleDescription(DATES_OUT_OF_ORDER);
    expect(navigations).toEqual([]);
    expect(fetchPage.inputs).toHaveLength(1);
    await user.clear(dayField('To'));
    expect(dayField('To')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks only for a page the log has, other than the one shown', async () => {
    const navigations: Navigation[] = [];
    const actor = createActor(
      activityMachine.provide({
        actors: { fetchPage: fromPromise(async () => pageOf(1)), fetchMembers: fromPromise(async () => MEMBERS) },
        actions: { navigate: (_, navigation) => navigations.push(navigation) },
      }),
      { input: { search: '' } },
    ).start();
    await settled(actor, (s) => s.matches({ log: { shown: 'loaded' } }));
    for (const page of [3, 1, 0, 1.5]) actor.send({ type: 'activity.page', page });
    expect(navigations).toEqual([]);
    actor.send({ type: 'activity.page', page: 2 });
    expect(navigations).toEqual([{ to: '/activity?page=2', replace: false }]);
  });

  it('an address with values the log cannot take shows everything', () => {
    const { fetchPage } = renderActivity({ search: '?user_id=abc&entity=shop&from=1999-12-31&to=2026-02-30&page=0' });
    expect(fetchPage.inputs).toEqual([{ filters: { userId: null, entity: null, from: null, to: null }, page: 1 }]);
  });

  it('a failed page shows the message and Retry, which asks for the same page again', async () => {
    const user = userEvent.setup();
    const { fetchPage } = renderActivity({ search: '?entity=person' });
    await act(async () => fetchPage.reject(new ApiError('entity: must be one of person, restaurant', 422)));
    expect(screen.getByText('The activity could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchPage.inputs).toHaveLength(2);
    expect(fetchPage.inputs[1]).toEqual(fetchPage.inputs[0]);
    await act(async () => fetchPage.resolve(NONE));
    expect(screen.getByText('No activity matches these filters.')).toBeInTheDocument();
  });
});
