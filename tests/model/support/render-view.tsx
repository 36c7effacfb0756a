import { notifications } from '@mantine/notifications';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Navigation } from '../../../src/shared/effects';
import { showNotice } from '../../../src/ui/notify';
import { UiProvider } from '../../../src/ui/ui-provider';

/**
 * Renders a view inside every provider the app has (Mantine in test mode with the real toasts, a
 * wouter memory location); `build` gets the real `notify` and a `navigate` on that location.
 */
export type ViewEffects = {
  notify: (_: unknown, notice: Parameters<typeof showNotice>[0]) => void;
  navigate: (_: unknown, navigation: Navigation) => void;
};

export function renderView(build: (effects: ViewEffects) => ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const effects: ViewEffects = {
    notify: (_, notice) => showNotice(notice),
    navigate: (_, { to, replace }) => location.navigate(to, { replace }),
  };
  const result = render(
    <UiProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        {build(effects)}
      </Router>
    </UiProvider>,
  );
  return { ...result, location, effects };
}

/** Drops the toasts of earlier steps so each step asserts only its own. */
export function clearToasts(): void {
  act(() => notifications.clean());
}
