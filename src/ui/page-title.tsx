import { Title } from '@mantine/core';
import { useEffect } from 'react';

export const APP_NAME = 'Franchise Console';

/** The page's one h1, mirrored in the tab title. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children === APP_NAME ? APP_NAME : `${children} · ${APP_NAME}`;
  }, [children]);
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
