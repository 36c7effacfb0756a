import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { pathOf } from '../../shared/routing';
import type { Restaurant } from '@contract/auth.contract';
import type { Range } from '@contract/analytics.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { RestaurantTable } from '../../ui/restaurant-table';
import { CardFrame } from './card-frame';

/**
 * The dashboard's Restaurants card: Restaurant Management's table; each analytics icon applies that branch to the dashboard, keeping the range.
 * `owner`: the empty list says where restaurants and trade come from (pages a manager does not get).
 */
export function RestaurantWidget({
  restaurants,
  franchiseUserId,
  range,
  owner,
}: {
  restaurants: readonly Restaurant[];
  franchiseUserId: number | null;
  range: Range;
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
          analyticsHref={(r) => dashboardHref({ range, restaurantId: r.id })}
        />
      )}
    </CardFrame>
  );
}
