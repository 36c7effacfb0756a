import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward, IconPencil, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Member } from '@contract/team.contract';
import { rowActionsOf } from '../../machines/list.machine';
import { memberActionsMachine } from '../../machines/member-actions.machine';
import { MEMBER_ROLE_LABELS, TEAM_SEARCH_FIELDS } from '../../machines/support/team-fields';
import { teamListMachine } from '../../machines/team.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';
import { FIGURE_COLOR } from '../../ui/theme';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { EntityTable, type EntityColumn } from '../../ui/entity-table';
import { ListActorContext, ListUrlSync, ListView } from '../shared/list.view';
import { SessionContext } from '../shared/session.context';
import { EVERY_BRANCH_SCOPE } from '@contract/presentation/labels';

/** The router carries out the list's address changes; the toasts show its row actions' results. */
const teamListLogic = teamListMachine.provide({
  actions: { navigate: appEffects.navigate },
  actors: { rowActions: memberActionsMachine.provide({ actions: { notify: appEffects.notify } }) },
});

/** Invited (no password set yet) or Active, as text on a tinted badge that keeps AA contrast in both schemes. */
export function MemberStatusBadge({ status }: { status: Member['status'] }) {
  return status === 'active' ? (
    <Badge variant="light" color="green" c={FIGURE_COLOR.positive}>
      Active
    </Badge>
  ) : (
    <Badge variant="light" color="yellow" c="var(--mantine-color-text)">
      Invited
    </Badge>
  );
}

/** A member's branches by name (the stored restaurant list is the owner's: every branch); an owner has them all. */
export function branchesText(member: Member, names: ReadonlyMap<number, string>): string {
  if (member.role === 'owner') return EVERY_BRANCH_SCOPE;
  return member.restaurant_ids.flatMap((id) => names.get(id) ?? []).join(', ') || '—';
}

/** The list's row actions: Remove (asked first) and Resend invitation; a removal tells the list to read itself again. */
function useMemberActions() {
  const actor = ListActorContext.useSelector((s) => rowActionsOf<typeof memberActionsMachine>(s));
  const dialog = useSelector(actor, (s) => s.children.confirmRemove);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return {
    dialog,
    busy,
    remove: ({ id, name }: Member) => actor.send({ type: 'member.remove', id, name }),
    resend: ({ id, name }: Member) => actor.send({ type: 'member.resend', id, name }),
  };
}

function TeamTable({ members, actions }: { members: Member[]; actions: ReturnType<typeof useMemberActions> }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const names = useMemo(() => new Map(restaurants.map((r) => [r.id, r.name])), [restaurants]);
  const columns: EntityColumn<Member>[] = [
    { header: 'Name', cell: (m) => m.name },
    { header: 'Email', cell: (m) => m.email },
    { header: 'Role', cell: (m) => MEMBER_ROLE_LABELS[m.role] },
    {
      header: 'Branches',
      cell: (m) => (
        <Text size="sm" c={m.role === 'owner' ? 'dimmed' : undefined}>
          {branchesText(m, names)}
        </Text>
      ),
    },
    { header: 'Status', cell: (m) => <MemberStatusBadge status={m.status} /> },
  ];
  return (
    <ScrollX minWidth={760} label="Team members, scrollable">
      <EntityTable
        items={members}
        columns={columns}
        iconSize={16}
        actions={(m) => [
          { label: `Edit ${m.name}`, icon: IconPencil, href: pathOf('memberEdit', { id: m.id }) },
          { label: `Remove ${m.name}`, icon: IconTrash, color: 'red', onClick: () => actions.remove(m), disabled: actions.busy },
          // Last, so the icons every row has stay in one column.
          ...(m.status === 'invited'
            ? [{ label: `Resend invitation to ${m.name}`, icon: IconMailForward, onClick: () => actions.resend(m), disabled: actions.busy }]
            : []),
        ]}
      />
    </ScrollX>
  );
}

/** The members and their row actions, inside the list's actor. */
function TeamMembers() {
  const actions = useMemberActions();
  return (
    <>
      <ListUrlSync />
      <ListView<Member> noun="Members" searchLabel="Search by name, email or role" emptyText="No members found.">
        {(members) => <TeamTable members={members} actions={actions} />}
      </ListView>
      <ConfirmDialogView dialog={actions.dialog} />
    </>
  );
}

/** Team (/team, owners): Invite member, and the searchable, paged members with their role, branches and status. */
export default function TeamListPage({ title }: PageProps) {
  const search = useSearch();
  const [input] = useState(() => ({ path: pathOf('team'), search, fields: TEAM_SEARCH_FIELDS }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{title}</PageTitle>
        <Button component={Link} href={pathOf('memberInvite')}>
          Invite member
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Who signs in to this console. Owners see and manage the whole franchise. Managers see the branches listed here and nothing else. The
        staff who work the shifts are in{' '}
        <Anchor component={Link} href={pathOf('users')} underline="always">
          User Management
        </Anchor>
        ; a member who works shifts joins it with their first shift.
      </Text>
      <ListActorContext.Provider logic={teamListLogic} options={{ input }}>
        <TeamMembers />
      </ListActorContext.Provider>
    </Stack>
  );
}
