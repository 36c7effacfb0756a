import { screen } from '@testing-library/react';
import { DEFAULT_FILTERS } from '../../src/machines/support/analytics-filters';
import { RestaurantWidget } from '../../src/views/dashboard/restaurant-widget';
import { renderView } from '../model/support/render-view';

describe("the dashboard's restaurant widget", () => {
  it('says a franchise has no restaurants, and leaves where they come from to the first steps', () => {
    renderView(() => <RestaurantWidget restaurants={[]} franchiseUserId={1} filters={DEFAULT_FILTERS} />);
    expect(screen.getByText('No restaurants found.')).toBeInTheDocument();
    expect(screen.queryAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/restaurant']);
  });
});
