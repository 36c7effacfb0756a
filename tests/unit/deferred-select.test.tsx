import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeferredSelect, type DeferredSelectProps } from '../../src/ui/deferred-select';
import { floating, loadFloating } from '../../src/ui/floating';
import { UiProvider } from '../../src/ui/ui-provider';

const ROLES = [
  { value: 'Chef', label: 'Chef' },
  { value: 'Waiter', label: 'Waiter' },
];

function renderSelect(props: Partial<DeferredSelectProps> = {}) {
  return render(
    <UiProvider env="test">
      <DeferredSelect label="Role" data={ROLES} value={null} onChange={() => undefined} {...props} />
    </UiProvider>,
  );
}

/** What the user sees and assistive tech announces of the field, whichever component draws it. */
function announced() {
  const field = screen.getByRole('combobox', { name: 'Role' });
  const wrapper = field.closest('.mantine-InputWrapper-root')!;
  return {
    text: wrapper.textContent,
    asterisk: wrapper.querySelector('label [aria-hidden]')?.textContent ?? null,
    description: [...(field.getAttribute('aria-describedby') ?? '').split(' ')].map((id) => id && document.getElementById(id)?.textContent),
    attributes: ['aria-invalid', 'data-error', 'required', 'disabled', 'data-disabled', 'placeholder', 'readonly'].map((name) => [
      name,
      field.getAttribute(name),
    ]),
    width: wrapper.getAttribute('style'),
  };
}

/** A finger (or a mouse) landing on the element: pointerover and pointerenter, then pointerdown (promise callbacks run in between). */
async function press(element: HTMLElement, pointerType = 'touch') {
  fireEvent.pointerOver(element, { pointerType });
  fireEvent.pointerEnter(element, { pointerType });
  await Promise.resolve();
  fireEvent.pointerDown(element, { pointerType });
}

const FIELDS: [string, Partial<DeferredSelectProps>][] = [
  ['an error (a server answer) and the asterisk', { error: 'Restaurant is required', withAsterisk: true }],
  ['required and described', { required: true, description: 'What they do in the restaurant' }],
  ['an error under a description', { error: 'Role is required', description: 'What they do', w: 240 }],
  ['disabled with a placeholder', { disabled: true, placeholder: 'Pick a role', size: 'lg' }],
];

// One file, one module cache: the stand-ins are drawn before the Select code is fetched, the real ones after.
const standIns = new Map<string, ReturnType<typeof announced>>();

describe('the stand-in drawn before the Select code arrives', () => {
  it.each(FIELDS)('shows and announces %s', (_, props) => {
    expect(floating()).toBeUndefined();
    renderSelect(props);
    const seen = announced();
    standIns.set(JSON.stringify(props), seen);
    const field = screen.getByRole('combobox', { name: 'Role' });
    if (props.error) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(String(props.error)));
    }
    if (props.description) expect(field).toHaveAccessibleDescription(expect.stringContaining(String(props.description)));
    if (props.required || props.withAsterisk) expect(seen.asterisk?.trim()).toBe('*');
  });
});

describe('a form whose selects were drawn as stand-ins', () => {
  it('opens each on one tap, also once the code arrived through another one, and from the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <DeferredSelect label="State" data={[{ value: 'VIC', label: 'VIC' }]} value={null} onChange={() => undefined} />
        <DeferredSelect label="Role" data={ROLES} value={null} onChange={() => undefined} />
        <DeferredSelect label="Status" data={[{ value: 'Active', label: 'Active' }]} value={null} onChange={() => undefined} />
        <DeferredSelect label="Shift" data={[{ value: 'Late', label: 'Late' }]} value={null} onChange={() => undefined} />
      </UiProvider>,
    );
    expect(floating()).toBeUndefined();
    // A tap before the code is there: pointerdown starts the fetch, the click (on the stand-in) asks for the list.
    await press(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'VIC' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // Role is still a stand-in; its code is there now, so the swap comes between the touch and the tap's click.
    expect(screen.getByRole('combobox', { name: 'Role' })).not.toHaveClass('mantine-Select-input');
    await act(async () => {
      await press(screen.getByRole('combobox', { name: 'Role' }));
      await loadFloating();
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'Chef' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('combobox', { name: 'Status' })).not.toHaveClass('mantine-Select-input');
    screen.getByRole('combobox', { name: 'Status' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Active' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // A mouse pressed at once, the swap due on its way in: the stand-in stays until the click, which opens the list.
    const shift = screen.getByRole('combobox', { name: 'Shift' });
    await act(() => press(shift, 'mouse'));
    expect(shift).toBeInTheDocument();
    fireEvent.click(shift);
    expect(await screen.findByRole('option', { name: 'Late' })).toBeInTheDocument();
  });
});

describe('once the Select code is there', () => {
  it.each(FIELDS)('is announced the same as the real Select with %s', async (_, props) => {
    await loadFloating();
    renderSelect(props);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveClass('mantine-Select-input');
    expect(announced()).toEqual(standIns.get(JSON.stringify(props)));
  });
});
