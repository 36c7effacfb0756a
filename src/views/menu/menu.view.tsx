import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import type { MenuItem } from '@contract/api/menu.calls';
import { formatCurrency, formatPercent } from '@contract/presentation/format';
import { menuCostsMachine } from '../../machines/menu-costs.machine';
import { costText, marginOf } from '../../machines/support/menu-costs';
import { pathOf } from '../../shared/routing';
import { LoadState } from '../../ui/load-state';
import { NoteAlert } from '../../ui/note-alert';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';

/** The Menu page's actor; tests pass `logic={menuCostsMachine.provide(fakes)}`. */
export const MenuCostsContext = createActorContext(menuCostsMachine);

export const MENU_EXPLAINED =
  'Each dish’s price, cost and margin. A cost you save applies from today on: earlier days keep the cost they had, and a dish’s first cost also applies to the days before it.';
export const NO_MENU = 'The menu is empty: menu items arrive through the ingest API or the CSV import.';

/** "3 dishes have no cost: food cost and menu engineering leave them out." */
export const uncostedText = (n: number) =>
  `${n} ${n === 1 ? 'dish has' : 'dishes have'} no cost: food cost and menu engineering leave ${n === 1 ? 'it' : 'them'} out.`;

function CostRow({ item }: { item: MenuItem }) {
  const actor = MenuCostsContext.useActorRef();
  const draft = MenuCostsContext.useSelector((s) => s.context.drafts[item.sku]);
  const problem = MenuCostsContext.useSelector((s) => s.context.problems[item.sku]);
  const saving = MenuCostsContext.useSelector((s) => s.matches('saving'));
  const margin = marginOf(item, draft);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {item.sku} · {item.menu}
          {item.is_combo ? ' · Combo' : ''}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{formatCurrency(item.price_cents / 100)}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          w={120}
          leftSection="$"
          inputMode="decimal"
          aria-label={`Cost of ${item.name}`}
          placeholder={item.cost_cents === null ? 'No cost' : undefined}
          value={draft ?? costText(item.cost_cents)}
          error={problem}
          disabled={saving}
          onChange={(e) => actor.send({ type: 'menu.edit', sku: item.sku, value: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td ta="right">
        {margin === null ? (
          <Badge variant="light" color="gray" c="var(--mantine-color-text)">
            No cost
          </Badge>
        ) : (
          <Text size="sm" c={margin.cents < 0 ? 'red.8' : undefined}>
            {formatCurrency(margin.cents / 100)}
            {margin.pct === null ? '' : ` (${formatPercent(margin.pct)})`}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function MenuTable({ items }: { items: MenuItem[] }) {
  const actor = MenuCostsContext.useActorRef();
  const edited = MenuCostsContext.useSelector((s) => Object.keys(s.context.drafts).length > 0);
  const saving = MenuCostsContext.useSelector((s) => s.matches('saving'));
  const uncosted = items.filter((i) => i.cost_cents === null).length;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {NO_MENU}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {uncosted > 0 && <NoteAlert title="Dishes without a cost">{uncostedText(uncosted)}</NoteAlert>}
      <Paper withBorder radius="md" p="md">
        <form
          aria-label="Menu costs"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'menu.save' });
          }}
        >
          <ScrollX minWidth={560} label="Menu items">
            <Table striped verticalSpacing="xs" aria-label="Menu items with price, cost and margin">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dish</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th ta="right">Margin</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <CostRow key={item.sku} item={item} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollX>
          <Group justify="flex-end" mt="md" gap="xs">
            <Button variant="default" disabled={!edited || saving} onClick={() => actor.send({ type: 'menu.discard' })}>
              Discard changes
            </Button>
            <Button type="submit" loading={saving} disabled={!edited}>
              Save costs
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}

/** `/menu`: the franchise's menu with each dish's price, cost and margin, the costs editable in place. */
export function MenuView() {
  const actor = MenuCostsContext.useActorRef();
  // Read again after a save, the menu stays on screen.
  const status = MenuCostsContext.useSelector((s) =>
    s.matches('loading') && s.context.items.length === 0 ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  );
  const items = MenuCostsContext.useSelector((s) => s.context.items);
  const message = MenuCostsContext.useSelector((s) => s.context.error?.message);
  return (
    <Stack gap="md">
      <PageTitle>Menu</PageTitle>
      <Text c="dimmed" size="sm">
        {MENU_EXPLAINED} See what each dish earns on{' '}
        <Anchor component={Link} href={pathOf('menu-engineering')} underline="always">
          Menu Engineering
        </Anchor>
        .
      </Text>
      <LoadState
        status={status}
        loadingLabel="Loading the menu"
        failedTitle="The menu could not be loaded"
        message={message}
        onRetry={() => actor.send({ type: 'menu.retry' })}
      >
        <MenuTable items={items} />
      </LoadState>
    </Stack>
  );
}
