import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showNotice } from '../../src/ui/notify';
import { TOAST_AUTO_CLOSE_MS } from '../../src/ui/toast-host';
import ToastStack from '../../src/ui/toast-stack';

const shown = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

function renderStack() {
  render(
    <MantineProvider env="test">
      <ToastStack />
    </MantineProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toast stack', () => {
  it('closes a toast after 2 s', () => {
    renderStack();
    act(() => showNotice({ message: 'Logged In!', type: 'success' }));
    expect(shown()).toEqual(['Logged In!']);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(shown()).toEqual(['Logged In!']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('waits while pointed at or focused, and closes 2 s after being left', () => {
    renderStack();
    act(() => showNotice({ message: 'Failed to fetch users', type: 'error' }));
    const toast = screen.getByRole('alert');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(5 * TOAST_AUTO_CLOSE_MS));
    expect(shown()).toEqual(['Failed to fetch users']);
    fireEvent.mouseLeave(toast);
    fireEvent.focus(toast);
    act(() => vi.advanceTimersByTime(5 * TOAST_AUTO_CLOSE_MS));
    expect(shown()).toEqual(['Failed to fetch users']);
    fireEvent.blur(toast);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS));
    expect(shown()).toEqual([]);
  });

  it('closes at once with its close button', () => {
    renderStack();
    act(() => showNotice({ message: 'Logged Out!', type: 'success' }));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close notification' }));
    expect(shown()).toEqual([]);
  });

  it('shows five at a time; the next waits in the queue until one closes', () => {
    renderStack();
    act(() => {
      for (let n = 1; n <= 7; n++) showNotice({ message: `Toast ${n}`, type: 'info' });
    });
    expect(shown()).toEqual(['Toast 1', 'Toast 2', 'Toast 3', 'Toast 4', 'Toast 5']);
    fireEvent.click(within(screen.getAllByRole('alert')[0]!).getByRole('button', { name: 'Close notification' }));
    expect(shown()).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5', 'Toast 6']);
  });

  it('turns a keyed toast into its result, which then gets its own 2 s', () => {
    renderStack();
    act(() => showNotice({ message: 'Saving changes...', type: 'info', replaces: 'save' }));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 500));
    act(() => showNotice({ message: "Mia's profile updated successfully!", type: 'success', replaces: 'save' }));
    expect(shown()).toEqual(["Mia's profile updated successfully!"]);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(shown()).toEqual(["Mia's profile updated successfully!"]);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('shows the result as a new toast when the keyed one has already closed', () => {
    renderStack();
    act(() => showNotice({ message: 'Saving changes...', type: 'info', replaces: 'save' }));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS));
    act(() => showNotice({ message: 'Something went wrong!', type: 'error', replaces: 'save' }));
    expect(shown()).toEqual(['Something went wrong!']);
  });
});
