import { screen } from '@testing-library/react';
import { DEFAULT_FILTERS } from '../../src/machines/support/analytics-filters';
import { RestaurantWidget } from '../../src/views/dashboard/restaurant-widget';
import { renderView } from '../model/support/render-view';

describe("the dashboard's restaurant widget", () => {
  it('tells a franchise without restaurants where its first restaurant and its trade come from', () => {
    renderView(() => <RestaurantWidget restaurants={[]} franchiseUserId={1} filters={DEFAULT_FILTERS} owner />);
    expect(screen.getByText('No restaurants found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a restaurant' })).toHaveAttribute('href', '/restaurant/create');
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/integrations');
    expect(screen.getByRole('link', { name: 'Data Import' })).toHaveAttribute('href', '/import');
  });

  it('offers a manager none of the owners-only pages', () => {
    renderView(() => <RestaurantWidget restaurants={[]} franchiseUserId={1} filters={DEFAULT_FILTERS} owner={false} />);
    expect(screen.getByText('No restaurants found.')).toBeInTheDocument();
    expect(screen.queryAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/restaurant']);
  });
});
