import { ActionIcon, Table, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Restaurant } from '../../../server/contract/auth.contract';
import type { Range } from '../../../server/contract/analytics.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { HoverTooltip } from '../../ui/hover-tooltip';
import { ScrollX } from '../../ui/scroll-x';
import { FIGURE_COLOR } from '../../ui/theme';
import { CardFrame } from './card-frame';

/** The franchise's restaurants; each analytics icon applies that branch to the dashboard, keeping the range. */
export function RestaurantWidget({ restaurants, range }: { restaurants: readonly Restaurant[]; range: Range }) {
  return (
    <CardFrame title="Restaurants" moreHref="/restaurant">
      {restaurants.length === 0 ? (
        <Text c="dimmed">No restaurants found.</Text>
      ) : (
        <ScrollX minWidth={280} label="Restaurants, scrollable">
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Location</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Analytics</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {restaurants.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.location}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={r.status === 1 ? FIGURE_COLOR.positive : 'dimmed'}>
                      {r.status === 1 ? 'Active' : 'Inactive'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <HoverTooltip label={`Analytics of ${r.name}`}>
                      <ActionIcon
                        component={Link}
                        href={dashboardHref({ range, restaurantId: r.id })}
                        variant="subtle"
                        aria-label={`Show analytics of ${r.name}`}
                      >
                        <IconChartBar size={18} aria-hidden />
                      </ActionIcon>
                    </HoverTooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollX>
      )}
    </CardFrame>
  );
}
