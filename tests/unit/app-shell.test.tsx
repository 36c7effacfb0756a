import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { navItemsFor } from '../../src/routes';
import { initialsOf } from '../../src/ui/account-avatar';
import { AppShell, type ShellAccount } from '../../src/ui/app-shell';
import { UiProvider } from '../../src/ui/ui-provider';

const OLIVIA: ShellAccount = { name: 'Olivia Chen', picture: null, franchise: 'Harbour Eats' };

function renderShell(path = '/dashboard', account: ShellAccount | null = OLIVIA) {
  const location = memoryLocation({ path, record: true });
  const onLogout = vi.fn();
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <AppShell navItems={navItemsFor('owner')} account={account} onLogout={onLogout} loggingOut={false}>
          <p>Page</p>
        </AppShell>
      </Router>
    </UiProvider>,
  );
  return { location, onLogout };
}

describe('app shell', () => {
  it('lists the sidebar entries in spec order, marks the current one and has Logout', async () => {
    const { onLogout } = renderShell('/user/edit');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['User Management', '/user'],
      ['Restaurant Management', '/restaurant'],
      ['Headcount', '/headcount'],
      ['Order', '/order'],
      ['Procurement', '/procurement'],
      ['Revenue', '/revenue'],
      ['Productivity', '/roster'],
      ['Loss', '/loss'],
      ['Food & Prime Cost', '/costs'],
      ['Menu Engineering', '/menu-engineering'],
      ['Menu', '/menu'],
      ['Targets', '/targets'],
      ['Integrations', '/integrations'],
      ['Data Import', '/import'],
      ['Team', '/team'],
      ['Activity', '/activity'],
      ['Alerts', '/alerts'],
      ['Profile', '/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'User Management' })).toHaveAttribute('data-active', 'true');
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('shows who is signed in: the picture, the name and the franchise; collapsed, the picture alone', async () => {
    renderShell('/dashboard', { ...OLIVIA, picture: 'https://cdn.example.com/olivia.png' });
    const badge = screen.getAllByTestId('shell-account')[0]!;
    expect(badge).toHaveTextContent('Olivia Chen');
    expect(badge).toHaveTextContent('Harbour Eats');
    expect(within(badge).getByRole('img', { name: 'Olivia Chen' })).toHaveAttribute('src', 'https://cdn.example.com/olivia.png');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const compact = screen.getAllByTestId('shell-account')[0]!;
    expect(compact.textContent).toBe('');
    expect(within(compact).getByRole('img', { name: 'Olivia Chen' })).toHaveAttribute('src', 'https://cdn.example.com/olivia.png');
  });

  it('shows the initials when there is no picture', () => {
    renderShell('/dashboard', OLIVIA);
    const badge = screen.getAllByTestId('shell-account')[0]!;
    expect(within(badge).queryByRole('img', { name: 'Olivia Chen' })).toBeNull();
    expect(badge).toHaveTextContent(/^OCOlivia ChenHarbour Eats$/);
  });

  it('falls back to the initials when the picture fails to load', () => {
    renderShell('/dashboard', { ...OLIVIA, picture: 'https://cdn.example.com/gone.png' });
    const badge = screen.getAllByTestId('shell-account')[0]!;
    fireEvent.error(within(badge).getByRole('img', { name: 'Olivia Chen' }));
    expect(within(badge).queryByRole('img', { name: 'Olivia Chen' })).toBeNull();
    expect(within(badge).getByTitle('Olivia Chen')).toHaveTextContent('OC');
  });

  it('makes initials of the first two words', () => {
    expect(initialsOf('olivia  chen ng')).toBe('OC');
    expect(initialsOf('Mia')).toBe('M');
    expect(initialsOf(' ')).toBe('');
  });

  it('shows no account block before the user is known', () => {
    renderShell('/dashboard', null);
    expect(screen.queryByTestId('shell-account')).not.toBeInTheDocument();
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    // Icons only: the names come from aria-labels, not visible text.
    expect(within(nav).getByRole('link', { name: 'Order' })).not.toHaveTextContent('Order');
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByRole('link', { name: 'Order' })).toHaveTextContent('Order');
  });

  it('opens the drawer from the top bar and closes it on navigation', async () => {
    const { location } = renderShell();
    // Top bar and drawer are CSS-hidden at happy-dom's desktop width, hence `hidden: true`.
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation', hidden: true }));
    const drawer = screen.getByRole('dialog', { hidden: true });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Order', hidden: true }));
    expect(location.history.at(-1)).toBe('/order');
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it("closes the drawer on a click on the current page's link too", async () => {
    const { location } = renderShell('/user');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation', hidden: true }));
    const drawer = screen.getByRole('dialog', { hidden: true });
    await userEvent.click(within(drawer).getByRole('link', { name: 'User Management', hidden: true }));
    expect(location.history.at(-1)).toBe('/user');
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });
});
