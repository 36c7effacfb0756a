import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ColorSchemeToggle } from '../../src/ui/color-scheme-toggle';
import { COLOR_SCHEME_KEY } from '../../src/ui/theme';
import { UiProvider } from '../../src/ui/ui-provider';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderToggle() {
  return render(
    <UiProvider env="test">
      <ColorSchemeToggle />
    </UiProvider>,
  );
}

afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

describe('colour scheme toggle', () => {
  it("follows the system by default (this test's system is light)", () => {
    renderToggle();
    expect(screen.getByRole('button', { name: 'Colour scheme: System' })).toBeInTheDocument();
    expect(scheme()).toBe('light');
  });

  it('offers Light, Dark and System, marks the current one, and applies and remembers the choice', async () => {
    const user = userEvent.setup();
    const first = renderToggle();
    await user.click(screen.getByRole('button', { name: 'Colour scheme: System' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-current')])).toEqual([
      ['Light', null],
      ['Dark', null],
      ['System', 'true'],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();

    // A later visit starts with the remembered choice.
    first.unmount();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();
    expect(scheme()).toBe('dark');
  });
});

describe('public/color-scheme.js (run before the first paint)', () => {
  const source = readFileSync(join(process.cwd(), 'public', 'color-scheme.js'), 'utf8');
  const run = () => new Function(source)();

  it('applies the scheme the toggle stored, under the same key', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    run();
    expect(scheme()).toBe('dark');
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    run();
    expect(scheme()).toBe('light');
  });

  it("falls back to the system's scheme when nothing valid is stored", () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-color-scheme: dark)',
    })) as typeof matchMedia;
    try {
      localStorage.setItem(COLOR_SCHEME_KEY, 'purple');
      run();
      expect(scheme()).toBe('dark');
      localStorage.setItem(COLOR_SCHEME_KEY, 'auto');
      document.documentElement.removeAttribute('data-mantine-color-scheme');
      run();
      expect(scheme()).toBe('dark');
    } finally {
      window.matchMedia = matchMedia;
    }
    localStorage.clear();
    run();
    expect(scheme()).toBe('light');
  });
});
