import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import type { Branch } from '../../src/machines/support/analytics-filters';
import { SessionContext, useBranchesChanged } from '../../src/views/shared/session.context';
import { signedInSession } from '../model/support/page-session';
import { renderView } from '../model/support/render-view';

const PARRAMATTA = { id: 7, name: 'Parramatta' } as Restaurant;
const BONDI = { id: 9, name: 'Bondi Beach' } as Restaurant;

function Probe({ onChange }: { onChange: (branches: Branch[]) => void }) {
  useBranchesChanged(onChange);
  return null;
}

describe("a page hears of the member's branches changing", () => {
  it('not for the branches it mounted with, nor for the same ones read again; once for each change', async () => {
    const onChange = vi.fn();
    const session = signedInSession([PARRAMATTA, BONDI]);
    renderView(() => (
      <SessionContext.Provider logic={session.logic}>
        <session.Handle />
        <session.SignedIn>
          <Probe onChange={onChange} />
        </session.SignedIn>
      </SessionContext.Provider>
    ));
    await waitFor(() => expect(session.reads()).toBe(1));
    await session.changeRestaurants([{ ...PARRAMATTA }, { ...BONDI }]);
    expect(onChange).not.toHaveBeenCalled();
    await session.changeRestaurants([BONDI]);
    expect(onChange.mock.calls).toEqual([[[{ id: 9, name: 'Bondi Beach' }]]]);
    await session.changeRestaurants([{ ...BONDI, name: 'Bondi' }]);
    expect(onChange.mock.calls.at(-1)).toEqual([[{ id: 9, name: 'Bondi' }]]);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
