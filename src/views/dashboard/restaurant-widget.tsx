import { ActionIcon, Box, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Restaurant } from '../../../server/contract/auth.contract';
import type { Range } from '../../../server/contract/analytics.contract';
import { dashboardHref } from '../../machines/dashboard.machine';
import { DataTable } from '../../ui/data-table';
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
          <DataTable>
            <thead>
              <tr>
                <th>Name</th>
                <Box component="th" visibleFrom="sm">
                  Location
                </Box>
                <th>Status</th>
                <th>Analytics</th>
              </tr>
            </thead>
            <tbody>
              {restaurants.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <Box component="td" visibleFrom="sm">
                    {r.location}
                  </Box>
                  <td>
                    <Text size="sm" fw={600} c={r.status === 1 ? FIGURE_COLOR.positive : 'dimmed'}>
                      {r.status === 1 ? 'Active' : 'Inactive'}
                    </Text>
                  </td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </ScrollX>
      )}
    </CardFrame>
  );
}
