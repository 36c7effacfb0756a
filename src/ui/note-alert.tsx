import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

// Its title in the text colour: Mantine's yellow title on the light yellow ground is below 4.5:1 contrast.
const STYLES = { title: { color: 'var(--mantine-color-text)' } } as const;

/** A caveat shown above figures (what they leave out): yellow, its title readable in either colour scheme. */
export function NoteAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" title={title} styles={STYLES}>
      {children}
    </Alert>
  );
}
