import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Person } from '@contract/people.contract';
import { deletePersonMachine } from '../../machines/delete-person.machine';
import { rowActionsOf, USER_SEARCH_FIELDS } from '../../machines/list.machine';
import { userListMachine } from '../../machines/users.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { ScrollX } from '../../ui/scroll-x';
import { isHttpUrl } from '../../shared/urls';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { EntityTable, StatusText, type EntityColumn } from '../../ui/entity-table';
import { ListActorContext, ListUrlSync, ListView } from '../shared/list.view';

/** The router carries out the list's address changes; the toasts show its trash button's result. */
const userListLogic = userListMachine.provide({
  actions: { navigate: appEffects.navigate },
  actors: { rowActions: deletePersonMachine.provide({ actions: { notify: appEffects.notify } }) },
});

const USER_COLUMNS: EntityColumn<Person>[] = [
  {
    header: 'Picture',
    cell: (person) => <Avatar src={isHttpUrl(person.picture) ? person.picture : null} alt={person.name} name={person.name} size="sm" />,
  },
  { header: 'Name', cell: (person) => person.name },
  { header: 'Email', cell: (person) => person.email },
  { header: 'Role', cell: (person) => person.role },
  { header: 'Restaurant', cell: (person) => person.restaurant ?? '—' },
  { header: 'Status', cell: (person) => <StatusText active={person.status === 'Active'} /> },
];

function UserTable({ people, onDelete }: { people: Person[]; onDelete: (person: Person) => void }) {
  return (
    <ScrollX minWidth={720} label="Users, scrollable">
      <EntityTable
        items={people}
        columns={USER_COLUMNS}
        iconSize={16}
        actions={(person) => [
          { label: `Edit ${person.name}`, icon: IconPencil, href: pathOf('userEdit', { id: person.id }) },
          { label: `Delete ${person.name}`, icon: IconTrash, color: 'red', onClick: () => onDelete(person) },
        ]}
      />
    </ScrollX>
  );
}

/** The people and their trash buttons, inside the list's actor: a delete tells this list to read itself again. */
function People() {
  const actor = ListActorContext.useSelector((s) => rowActionsOf<typeof deletePersonMachine>(s));
  const dialog = useSelector(actor, (s) => s.children.confirmDelete);
  const askDelete = ({ id, name }: Person) => actor.send({ type: 'delete.ask', id, name });
  return (
    <>
      <ListUrlSync />
      <ListView<Person> noun="Users" searchLabel="Search users" emptyText="No users found.">
        {(people) => <UserTable people={people} onDelete={askDelete} />}
      </ListView>
      <ConfirmDialogView dialog={dialog} />
    </>
  );
}

/** "User Dashboard" (/user): Create User, and the searchable, paged table of the franchise's people with edit and delete. */
export default function UserListPage({ title }: PageProps) {
  const search = useSearch();
  const [input] = useState(() => ({ path: pathOf('users'), search, fields: USER_SEARCH_FIELDS }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{title}</PageTitle>
        <Button component={Link} href={pathOf('userCreate')}>
          Create User
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Your staff: the people who work the branches' shifts, whose hours and attendance the roster figures count. They do not sign in to
        this console; who signs in is your{' '}
        <Anchor component={Link} href={pathOf('team')} underline="always">
          Team
        </Anchor>
        .
      </Text>
      <ListActorContext.Provider logic={userListLogic} options={{ input }}>
        <People />
      </ListActorContext.Provider>
    </Stack>
  );
}
