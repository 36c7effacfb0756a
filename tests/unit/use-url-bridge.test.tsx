import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useUrlBridge } from '../../src/views/shared/use-url-bridge';

type Actor = { send: (event: { type: 'list.urlChanged'; search: string }) => void };

function Bridge({ actor }: { actor: Actor }) {
  useUrlBridge(actor, 'list.urlChanged');
  return null;
}

describe('useUrlBridge', () => {
  it('sends the query on mount and again on each change of address, back and forward included', () => {
    const location = memoryLocation({ path: '/users?q=ann&page=2', record: true });
    const send = vi.fn();
    const actor: Actor = { send };
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Bridge actor={actor} />
      </Router>,
    );
    expect(send).toHaveBeenLastCalledWith({ type: 'list.urlChanged', search: 'q=ann&page=2' });
    act(() => location.navigate('/users?q=bob'));
    expect(send).toHaveBeenLastCalledWith({ type: 'list.urlChanged', search: 'q=bob' });
    act(() => location.navigate('/users?q=ann&page=2', { replace: false }));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not send again when the query is unchanged', () => {
    const location = memoryLocation({ path: '/users?q=ann' });
    const send = vi.fn();
    const actor: Actor = { send };
    const { rerender } = render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Bridge actor={actor} />
      </Router>,
    );
    rerender(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Bridge actor={actor} />
      </Router>,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });
});
