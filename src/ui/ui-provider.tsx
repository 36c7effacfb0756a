import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';
import { ToastHost } from './toast-host';

/** Mantine with the app theme and the toast stack. `env="test"` turns off portals and transitions. */
export function UiProvider({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} env={env}>
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
