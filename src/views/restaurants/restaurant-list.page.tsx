import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import type { Restaurant } from '../../../server/contract/auth.contract';
import { RESTAURANT_SEARCH_FIELDS } from '../../machines/list.machine';
import { franchiseLoginHref, restaurantListMachine } from '../../machines/restaurants.logic';
import type { PageProps } from '../../routes';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';
import { appEffects } from '../app-effects';
import { EntityTable, StatusText, type EntityColumn } from '../management/entity-table.view';
import { ListActorContext, ListUrlSync, ListView } from '../management/list.view';
import { SessionContext } from '../session/session.context';

const MENUPLUS = 'MENUPLUS';
const PATH = '/restaurant';

/** The real list call; the router keeps the search and page in the address. */
const listLogic = restaurantListMachine.provide({ actions: { navigate: appEffects.navigate } });

export const restaurantEditHref = (id: number) => `/restaurant/edit?id=${id}`;

function Subscriptions({ restaurant, franchiseUserId }: { restaurant: Restaurant; franchiseUserId: number | null }) {
  if (restaurant.subscriptions.length === 0) return <Text c="dimmed">None</Text>;
  return (
    <Stack gap={2}>
      {restaurant.subscriptions.map((s) => {
        const label = `${s.product_name} (${s.plan_name})`;
        const href =
          s.product_name.toUpperCase() === MENUPLUS && franchiseUserId !== null
            ? franchiseLoginHref(s.web_link, franchiseUserId, restaurant.restaurant_user.id)
            : null;
        return href ? (
          <Anchor key={s.id} href={href} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {label}
              <IconExternalLink size={14} aria-label="(opens in a new tab)" />
            </Group>
          </Anchor>
        ) : (
          <Text key={s.id} size="sm">
            {label}
          </Text>
        );
      })}
    </Stack>
  );
}

/** One page of restaurants: name, status, subscriptions, then the edit and analytics icons. */
export function RestaurantTable({ restaurants }: { restaurants: Restaurant[] }) {
  const franchiseUserId = SessionContext.useSelector((s) => s.context.user?.id ?? null);
  const columns: EntityColumn<Restaurant>[] = [
    {
      header: 'Name',
      cell: (r) => (
        <>
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.location}
          </Text>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (r) => <StatusText active={r.status === 1} />,
    },
    { header: 'Subscriptions', cell: (r) => <Subscriptions restaurant={r} franchiseUserId={franchiseUserId} /> },
  ];
  return (
    <ScrollX minWidth={520} label="Restaurants, scrollable">
      <EntityTable
        items={restaurants}
        columns={columns}
        iconSize={18}
        actions={(r) => [
          { label: `Edit ${r.name}`, icon: IconPencil, href: restaurantEditHref(r.id) },
          { label: `Show analytics of ${r.name}`, icon: IconChartBar, href: `/dashboard?restaurant=${r.id}` },
        ]}
      />
    </ScrollX>
  );
}

/** Restaurant Management (spec §2): the franchise's restaurants, searched by name or location, five a page. */
export default function RestaurantListPage({ title }: PageProps) {
  const search = useSearch();
  const [input] = useState(() => ({ path: PATH, search, fields: RESTAURANT_SEARCH_FIELDS }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <ListActorContext.Provider logic={listLogic} options={{ input }}>
        <ListUrlSync />
        <ListView<Restaurant> noun="Restaurants" searchLabel="Search by name or location" emptyText="No restaurants found.">
          {(items) => <RestaurantTable restaurants={items} />}
        </ListView>
      </ListActorContext.Provider>
    </Stack>
  );
}
