import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { ActivityMember, ActivityPage } from '@contract/activity.contract';
import type { AlertsPage } from '@contract/api/alerts.calls';
import { activityMachine, type PageRequest } from '../../src/machines/activity.machine';
import { alertsMachine, type AlertsRequest } from '../../src/machines/alerts.machine';
import { ApiError } from '../../src/services/api-error';
import { LoadState, type LoadStateProps } from '../../src/ui/load-state';
import { UiProvider } from '../../src/ui/ui-provider';
import { ActivityContext } from '../../src/views/activity/activity.context';
import { ActivityView } from '../../src/views/activity/activity.view';
import { AlertsContext, AlertsView } from '../../src/views/alerts/alerts.view';

const OUTAGE = 'The database is unavailable';

function renderInApp(children: ReactNode) {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>{children}</Router>
    </UiProvider>,
  );
}

function renderLoadState(props: Partial<LoadStateProps>) {
  const onRetry = vi.fn();
  renderInApp(
    <LoadState status="loaded" loadingLabel="Loading alerts" failedTitle="Alerts could not be loaded" onRetry={onRetry} {...props}>
      <p>The alerts</p>
    </LoadState>,
  );
  return onRetry;
}

/** A call that fails once with the outage, then answers `value`. */
function failingOnce<T, Input>(value: T) {
  const call = vi
    .fn<() => Promise<T>>()
    .mockRejectedValueOnce(new ApiError(OUTAGE, 503))
    .mockImplementation(async () => value);
  return { call, logic: fromPromise<T, Input>(() => call()) };
}

describe('load state', () => {
  it('shows a spinner named for what loads, without the children', () => {
    renderLoadState({ status: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();
    expect(screen.queryByText('The alerts')).toBeNull();
  });

  it('names the placeholder that stands in for the spinner', () => {
    renderLoadState({ status: 'loading', placeholder: <p>Skeleton</p> });
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toHaveTextContent('Skeleton');
  });

  it('shows the failure with its message, and Retry calls back', async () => {
    const onRetry = renderLoadState({ status: 'failed', message: OUTAGE });
    expect(screen.getByText('Alerts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(OUTAGE)).toBeInTheDocument();
    expect(screen.queryByText('The alerts')).toBeNull();
    expect(onRetry).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names its Retry button when told', () => {
    renderLoadState({ status: 'failed', retryLabel: 'Retry loading alerts' });
    expect(screen.getByRole('button', { name: 'Retry loading alerts' })).toHaveTextContent('Retry');
  });

  it('shows the children once loaded', () => {
    renderLoadState({ status: 'empty' });
    expect(screen.getByText('The alerts')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('a page whose list failed to load', () => {
  it('Alerts: shows the failure, and Retry reads the alerts again', async () => {
    const page: AlertsPage = { items: [], total: 0, unread: 0, page: 1, page_size: 20 };
    const fetchAlerts = failingOnce<AlertsPage, AlertsRequest>(page);
    renderInApp(
      <AlertsContext.Provider
        logic={alertsMachine.provide({ actors: { fetchAlerts: fetchAlerts.logic } })}
        options={{ input: { search: '' } }}
      >
        <AlertsView title="Alerts" owner={false} />
      </AlertsContext.Provider>,
    );
    expect(await screen.findByText('Alerts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(OUTAGE)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No unread alerts')).toBeInTheDocument();
    expect(fetchAlerts.call).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Alerts could not be loaded')).toBeNull();
  });

  it('Activity: shows the failure, and Retry reads the activity again', async () => {
    const page: ActivityPage = { items: [], page: 1, total: 0 };
    const fetchPage = failingOnce<ActivityPage, PageRequest>(page);
    const members: ActivityMember[] = [];
    const logic = activityMachine.provide({
      actors: { fetchPage: fetchPage.logic, fetchMembers: fromPromise(async () => members) },
    });
    renderInApp(
      <ActivityContext.Provider logic={logic} options={{ input: { search: '' } }}>
        <ActivityView title="Activity" timeZone="Australia/Sydney" restaurants={[]} />
      </ActivityContext.Provider>,
    );
    expect(await screen.findByText('The activity could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(OUTAGE)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(fetchPage.call).toHaveBeenCalledTimes(2);
  });
});
