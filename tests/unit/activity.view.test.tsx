import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { ActivityMember, ActivityPage } from '@contract/activity.contract';
import { activityMachine } from '../../src/machines/activity.machine';
import { DATES_OUT_OF_ORDER } from '../../src/machines/support/activity-filters';
import { UiProvider } from '../../src/ui/ui-provider';
import { ActivityContext } from '../../src/views/activity/activity.context';
import { ActivityView } from '../../src/views/activity/activity.view';

// The Activity page's day filters on the real machine; the log's calls are fakes.

function renderActivity() {
  const page: ActivityPage = { items: [], page: 1, total: 0 };
  const members: ActivityMember[] = [];
  const logic = activityMachine.provide({
    actors: { fetchPage: fromPromise(async () => page), fetchMembers: fromPromise(async () => members) },
  });
  const location = memoryLocation({ path: '/activity', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <ActivityContext.Provider logic={logic} options={{ input: { search: '' } }}>
          <ActivityView title="Activity" timeZone="Australia/Sydney" restaurants={[]} />
        </ActivityContext.Provider>
      </Router>
    </UiProvider>,
  );
}

const day = (label: 'From' | 'To') => screen.getByLabelText(label) as HTMLInputElement;

describe('activity day filters', () => {
  it('keep the days picked, from 2000 on', async () => {
    renderActivity();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    fireEvent.change(day('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(day('To'), { target: { value: '2026-11-20' } });
    expect(day('From').value).toBe('2026-11-10');
    expect(day('To').value).toBe('2026-11-20');
    expect(day('From').min).toBe('2000-01-01');
    expect(day('To').min).toBe('2000-01-01');
  });

  it('tell a last day before the first under To only', async () => {
    renderActivity();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    fireEvent.change(day('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(day('To'), { target: { value: '2026-11-10' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply' }));
    expect(day('To')).toBeInvalid();
    expect(day('To')).toHaveAccessibleDescription(DATES_OUT_OF_ORDER);
    expect(day('From')).not.toBeInvalid();
  });
});
