import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { pathOf } from '../../shared/routing';
import type { Restaurant } from '@contract/auth.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { onBranch, type AnalyticsFilters } from '../../machines/support/analytics-filters';
import { RestaurantTable } from '../../ui/restaurant-table';
import { CardFrame } from './card-frame';

/**
 * The dashboard's Restaurants card: Restaurant Management's table; each analytics icon applies that branch to the dashboard, keeping the
 * window and comparison.
 * `owner`: the empty list says where restaurants and trade come from (pages a manager does not get).
 */
export function RestaurantWidget({
  restaurants,
  franchiseUserId,
  filters,
  owner,
}: {
  restaurants: readonly Restaurant[];
  franchiseUserId: number | null;
  /** The dashboard's applied filters. */
  filters: AnalyticsFilters;
  owner: boolean;
}) {
  return (
    <CardFrame title="Restaurants" moreHref={pathOf('restaurants')}>
      {restaurants.length === 0 ? (
        // A franchise that starts empty: where its first restaurant and trade come from.
        <Stack gap={4} py="lg" align="center">
          <Text c="dimmed">No restaurants found.</Text>
          {owner && (
            <Text c="dimmed" size="sm" ta="center">
              <Anchor component={Link} href={pathOf('restaurantCreate')}>
                Add a restaurant
              </Anchor>
              , then send its trade from your systems (
              <Anchor component={Link} href={pathOf('integrations')}>
                Integrations
              </Anchor>
              ) or from files (
              <Anchor component={Link} href={pathOf('import')}>
                Data Import
              </Anchor>
              ).
            </Text>
          )}
        </Stack>
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
