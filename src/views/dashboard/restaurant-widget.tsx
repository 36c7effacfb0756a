import { Text } from '@mantine/core';
import type { Restaurant } from '../../../server/contract/auth.contract';
import type { Range } from '../../../server/contract/analytics.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { RestaurantTable } from '../restaurants/restaurant-table';
import { CardFrame } from './card-frame';

/** Restaurant Management embedded (spec §2); each analytics icon applies that branch to the dashboard, keeping the range. */
export function RestaurantWidget({
  restaurants,
  franchiseUserId,
  range,
}: {
  restaurants: readonly Restaurant[];
  franchiseUserId: number | null;
  range: Range;
}) {
  return (
    <CardFrame title="Restaurants" moreHref="/restaurant">
      {restaurants.length === 0 ? (
        <Text c="dimmed">No restaurants found.</Text>
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
