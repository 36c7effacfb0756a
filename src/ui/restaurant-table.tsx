import { ActionIcon, Anchor, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconCheck, IconCopy, IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { Restaurant } from '@contract/auth.contract';
import { pathOf } from '../shared/routing';
import { franchiseLoginHref } from '../shared/urls';
import { EntityTable, StatusText, type EntityColumn } from './entity-table';
import { ScrollX } from './scroll-x';
import { FIGURE_COLOR } from './theme';

const MENUPLUS = 'MENUPLUS';

function Subscriptions({ restaurant, franchiseUserId }: { restaurant: Restaurant; franchiseUserId: number | null }) {
  if (restaurant.subscriptions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {restaurant.subscriptions.map((s) => {
        const label = `${s.product_name} (${s.plan_name})`;
        // The link signs in as the restaurant's own user: without one (a restaurant added here) it is plain text.
        const restaurantUser = restaurant.restaurant_user;
        const href =
          s.product_name.toUpperCase() === MENUPLUS && franchiseUserId !== null && restaurantUser !== null
            ? franchiseLoginHref(s.web_link, franchiseUserId, restaurantUser.id)
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

/** A restaurant's id (what the ingest API's records name), with a button copying it. */
function RestaurantId({ restaurant }: { restaurant: Restaurant }) {
  const id = String(restaurant.id);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed" component="span">
        Id <Code fz="xs">{id}</Code>
      </Text>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            size="sm"
            color={copied ? 'teal' : 'gray'}
            aria-label={`${copied ? 'Copied' : 'Copy'} id ${id} of ${restaurant.name}`}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} color={FIGURE_COLOR.positive} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Restaurants as docs/product.md lists them, on Restaurant Management and embedded in the dashboard: name (and
 * location, and with `showIds` its id with Copy), status, subscriptions with the MENUPLUS link, then the edit and analytics icons.
 */
export function RestaurantTable({
  restaurants,
  franchiseUserId,
  analyticsHref = (r) => pathOf('dashboard', { restaurant: r.id }),
  showIds = false,
}: {
  restaurants: readonly Restaurant[];
  /** The signed-in franchise user, whom the MENUPLUS links sign in (none while unknown). */
  franchiseUserId: number | null;
  /** Where the analytics icon goes (the dashboard keeps its applied range). */
  analyticsHref?: (restaurant: Restaurant) => string;
  /** Each restaurant's id under its location, with a copy button (Restaurant Management). */
  showIds?: boolean;
}) {
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
          {showIds && <RestaurantId restaurant={r} />}
        </>
      ),
    },
    { header: 'Status', cell: (r) => <StatusText active={r.status === 1} /> },
    { header: 'Subscriptions', cell: (r) => <Subscriptions restaurant={r} franchiseUserId={franchiseUserId} /> },
  ];
  return (
    <ScrollX minWidth={360} label="Restaurants, scrollable">
      <EntityTable
        items={restaurants}
        columns={columns}
        iconSize={18}
        actions={(r) => [
          { label: `Edit ${r.name}`, icon: IconPencil, href: pathOf('restaurantEdit', { id: r.id }) },
          { label: `Show analytics of ${r.name}`, icon: IconChartBar, href: analyticsHref(r) },
        ]}
      />
    </ScrollX>
  );
}
