import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { rowActionsOf } from '../../machines/list.machine';
import { alertRuleActionsMachine } from '../../machines/alert-rule-actions.machine';
import { alertRulesListMachine } from '../../machines/alert-rules.provided';
import { RULE_SEARCH_FIELDS, type RuleRow } from '../../machines/support/alert-rule-fields';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { EntityTable, type EntityColumn } from '../../ui/entity-table';
import { ListActorContext, ListUrlSync, ListView } from '../shared/list.view';
import { SessionContext } from '../shared/session.context';
import { EVERY_BRANCH_SCOPE } from '@contract/presentation/labels';

/** The router carries out the list's address changes; the toasts show its Remove's result. */
const rulesListLogic = alertRulesListMachine.provide({
  actions: { navigate: appEffects.navigate },
  actors: { rowActions: alertRuleActionsMachine.provide({ actions: { notify: appEffects.notify } }) },
});

/** The rule's branch by name, or every branch (also those added later). */
export const ruleBranchText = (rule: Pick<RuleRow, 'restaurant_id'>, names: ReadonlyMap<number, string>) =>
  rule.restaurant_id === null ? EVERY_BRANCH_SCOPE : (names.get(rule.restaurant_id) ?? `#${rule.restaurant_id}`);

/** The list's row action: Remove, asked first; a removal tells the list to read itself again. */
function useRuleActions() {
  const actor = ListActorContext.useSelector((s) => rowActionsOf<typeof alertRuleActionsMachine>(s));
  const dialog = useSelector(actor, (s) => s.children.confirmRemove);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return { dialog, busy, remove: ({ id, sentence }: RuleRow) => actor.send({ type: 'rule.remove', id, sentence }) };
}

function RulesTable({ rules, actions }: { rules: RuleRow[]; actions: ReturnType<typeof useRuleActions> }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const names = useMemo(() => new Map(restaurants.map((r) => [r.id, r.name])), [restaurants]);
  const columns: EntityColumn<RuleRow>[] = [
    { header: 'Rule', cell: (r) => r.sentence },
    { header: 'Branch', cell: (r) => ruleBranchText(r, names) },
    {
      header: 'Tells',
      cell: (r) => (
        <Text size="sm" c={r.recipients ? undefined : 'dimmed'}>
          {r.recipients || 'Nobody: every recipient has left the team'}
        </Text>
      ),
    },
  ];
  return (
    <ScrollX minWidth={720} label="Alert rules, scrollable">
      <EntityTable
        items={rules}
        columns={columns}
        iconSize={16}
        actions={(r) => [
          { label: `Edit: ${r.sentence}`, icon: IconPencil, href: pathOf('alertRuleEdit', { id: r.id }) },
          { label: `Remove: ${r.sentence}`, icon: IconTrash, color: 'red', onClick: () => actions.remove(r), disabled: actions.busy },
        ]}
      />
    </ScrollX>
  );
}

/** The rules and their Remove buttons, inside the list's actor. */
function Rules() {
  const actions = useRuleActions();
  return (
    <>
      <ListUrlSync />
      <ListView<RuleRow> noun="Alert rules" searchLabel="Search by rule or member" emptyText="No alert rules yet.">
        {(rules) => <RulesTable rules={rules} actions={actions} />}
      </ListView>
      <ConfirmDialogView dialog={actions.dialog} />
    </>
  );
}

/** Alert rules (/alerts/rules, owners): what raises alerts, for which branch, and whom they tell. */
export default function AlertRulesListPage({ title }: PageProps) {
  const search = useSearch();
  const [input] = useState(() => ({ path: pathOf('alertRules'), search, fields: RULE_SEARCH_FIELDS }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{title}</PageTitle>
        <Button component={Link} href={pathOf('alertRuleCreate')}>
          Add rule
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Rules are checked when each day closes on the franchise&apos;s clock, and a &quot;no trade by&quot; rule at its hour. The members a
        rule tells see its alerts on the Alerts page and get them by e-mail.{' '}
        <Anchor component={Link} href={pathOf('alerts')} size="sm" underline="always">
          Back to alerts
        </Anchor>
      </Text>
      <ListActorContext.Provider logic={rulesListLogic} options={{ input }}>
        <Rules />
      </ListActorContext.Provider>
    </Stack>
  );
}
