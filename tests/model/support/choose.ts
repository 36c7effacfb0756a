import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Picks an option of a deferred select (an analytics header's selector, a form's choice). Points at
 * the field first: the deferred select swaps in Mantine's Select then, and a click meant for the
 * stand-in would be lost (under load the swap can come after the click, and the option list never opens).
 */
export async function choose(user: UserEvent, field: string, option: string) {
  await user.hover(screen.getByRole('combobox', { name: field }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: field })).toHaveClass('mantine-Select-input'));
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
