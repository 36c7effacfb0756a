import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, OWNER, RESTAURANTS } from './support/fake-server';
import { LAZY, renderApp } from './support/render-app';

// Restaurant Management shows each restaurant's id (what the ingest API's records name), each with its copy button.

beforeEach(() => {
  installFakeServer(() => ok(RESTAURANTS));
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('Restaurant Management: ids', { timeout: 20_000 }, () => {
  it('shows each restaurant’s id under its name, and its Copy button copies it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    renderApp('/restaurant', { user: OWNER, restaurants: RESTAURANTS });
    const row = (await screen.findByText('Parramatta', undefined, LAZY)).closest('tr')!;
    expect(within(row).getByText(/^Id/)).toHaveTextContent('Id 7');
    const bondi = screen.getByText('Bondi Beach').closest('tr')!;
    expect(within(bondi).getByText(/^Id/)).toHaveTextContent('Id 9');
    expect(within(bondi).getByRole('button', { name: 'Copy id 9 of Bondi Beach' })).toBeEnabled();

    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(row).getByRole('button', { name: 'Copy id 7 of Parramatta' }));
    expect(writeText).toHaveBeenCalledWith('7');
    expect(await within(row).findByRole('button', { name: 'Copied id 7 of Parramatta' })).toBeInTheDocument();
  });
});
