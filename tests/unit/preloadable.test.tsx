import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/ui/preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const inSuspense = (children: ReactNode) => render(<Suspense fallback={<p>Loading</p>}>{children}</Suspense>);

describe('preloadable', () => {
  it('renders at once, without a fallback, once preloaded', async () => {
    const Lazy = preloadable(() => Promise.resolve({ default: Greeting }));
    await Lazy.preload();
    inSuspense(<Lazy name="Ava" />);
    expect(screen.getByText('Hello Ava')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('loads on its first render when not preloaded, with the fallback meanwhile', async () => {
    const Lazy = preloadable(() => Promise.resolve({ default: Greeting }));
    inSuspense(<Lazy name="Ava" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ava')).toBeInTheDocument();
  });

  it('fetches the code once for every preload and render', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = preloadable(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    inSuspense(<Lazy name="Ava" />);
    expect(load).toHaveBeenCalledOnce();
  });

  it('fetches again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ default: Greeting });
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');
    await Lazy.preload();
    inSuspense(<Lazy name="Ava" />);
    expect(screen.getByText('Hello Ava')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
