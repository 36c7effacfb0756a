import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColorSchemeToggle } from '../../src/ui/color-scheme-toggle';
import { DeferredSelect } from '../../src/ui/deferred-select';
import { floating } from '../../src/ui/floating';
import { HoverTooltip } from '../../src/ui/hover-tooltip';
import { UiProvider } from '../../src/ui/ui-provider';

const RANGES = [
  { value: '7days', label: 'Last 7 Days' },
  { value: '1month', label: 'Last 1 Month' },
];

// One file, one module cache: the first test sees the popover code unfetched, the later ones fetched.
describe('popover code fetched on first use (src/ui/floating.ts)', () => {
  it('a select shows its value without the code, fetches it on a click and opens its list then', async () => {
    // No pause between the click's events: the code cannot arrive, and the stand-in be swapped, halfway through it (user-event
    // would send the rest of the click to the removed stand-in, where a browser sends it to the field now under the pointer).
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(
      <UiProvider env="test">
        <DeferredSelect label="Time range" data={RANGES} value="7days" allowDeselect={false} onChange={onChange} />
      </UiProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 7 Days');
    expect(floating()).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 1 Month' }));
    expect(floating()).toBeDefined();
    expect(onChange).toHaveBeenCalledWith('1month', expect.objectContaining({ label: 'Last 1 Month' }));
  });

  it('once fetched, a new select is the real one at once and keeps the focus the placeholder had', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <DeferredSelect label="Branch" data={RANGES} value="1month" searchable onChange={() => undefined} />
      </UiProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'Branch' });
    expect(field).toHaveValue('Last 1 Month');
    // The real searchable Select takes typing; the placeholder is read-only.
    expect(field).not.toHaveAttribute('readonly');
    await user.click(field);
    expect(await screen.findByRole('option', { name: 'Last 7 Days' })).toBeInTheDocument();
  });

  it('a tooltip wraps its element after the pointer entered it, leaving its name alone', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <HoverTooltip label="Analytics of Bondi">
          <button type="button" aria-label="Show analytics of Bondi">
            i
          </button>
        </HoverTooltip>
      </UiProvider>,
    );
    const button = screen.getByRole('button', { name: 'Show analytics of Bondi' });
    await user.hover(button);
    await act(async () => {
      await user.pointer({ target: screen.getByRole('button', { name: 'Show analytics of Bondi' }), coords: { x: 2, y: 2 } });
    });
    await waitFor(() => expect(screen.getByText('Analytics of Bondi')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show analytics of Bondi' })).toBeInTheDocument();
  });
});

describe('colour scheme menu (keyboard)', () => {
  it('opens on ArrowDown at the current choice, moves with the arrows, and Escape returns to the button', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <ColorSchemeToggle />
      </UiProvider>,
    );
    const button = screen.getByRole('button', { name: 'Colour scheme: System' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'System' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Light' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'System' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <p>Elsewhere</p>
        <ColorSchemeToggle />
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Colour scheme: System' }));
    expect(screen.getByRole('menu', { name: 'Colour scheme' })).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
