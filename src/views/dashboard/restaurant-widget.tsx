import { Text } from '@mantine/core';
import { pathOf } from '../../shared/routing';
import type { Restaurant } from '@contract/auth.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { onBranch, type AnalyticsFilters } from '../../machines/support/analytics-filters';
import { RestaurantTable } from '../../ui/restaurant-table';
import { CardFrame } from './card-frame';

/**
 * The dashboard's Restaurants card: Restaurant Management's table; each analytics icon applies that branch to the dashboard, keeping the
 * window and comparison. An empty franchise's owner is led by the first steps above the cards (getting-started.view.tsx).
 */
export function RestaurantWidget({
  restaurants,
  franchiseUserId,
  filters,
}: {
  restaurants: readonly Restaurant[];
  franchiseUserId: number | null;
  /** The dashboard's applied filters. */
  filters: AnalyticsFilters;
}) {
  return (
    <CardFrame title="Restaurants" moreHref={pathOf('restaurants')}>
      {restaurants.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          No restaurants found.
        </Text>
      ) : (
        <RestaurantTable
          restaurants={restaurants}
          franchiseUserId={franchiseUserId}
          analyticsHref={(r) => dashboardHref(onBranch(filters, r.id))}
        />
      )}
    </CardFrame>
  );
}
