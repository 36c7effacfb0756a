import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Restaurant } from '@contract/auth.contract';
import { RESTAURANT_SEARCH_FIELDS } from '../../machines/list.machine';
import { restaurantListMachine } from '../../machines/restaurants.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { ListActorContext, ListUrlSync, ListView } from '../shared/list.view';
import { SessionContext, useIsOwner } from '../shared/session.context';
import { RestaurantTable } from '../../ui/restaurant-table';

/** The real list call; the router keeps the search and page in the address. */
const listLogic = restaurantListMachine.provide({ actions: { navigate: appEffects.navigate } });

/** Restaurant Management: Add Restaurant (owners), and the member's restaurants with their ids, searched by name or location, five a page. */
export default function RestaurantListPage({ title }: PageProps) {
  const search = useSearch();
  const [input] = useState(() => ({ path: pathOf('restaurants'), search, fields: RESTAURANT_SEARCH_FIELDS }));
  const franchiseUserId = SessionContext.useSelector((s) => s.context.user?.id ?? null);
  const owner = useIsOwner();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{title}</PageTitle>
        {owner && (
          <Button component={Link} href={pathOf('restaurantCreate')}>
            Add Restaurant
          </Button>
        )}
      </Group>
      <ListActorContext.Provider logic={listLogic} options={{ input }}>
        <ListUrlSync />
        <ListView<Restaurant> noun="Restaurants" searchLabel="Search by name or location" emptyText="No restaurants found.">
          {(items) => <RestaurantTable restaurants={items} franchiseUserId={franchiseUserId} showIds />}
        </ListView>
      </ListActorContext.Provider>
    </Stack>
  );
}
