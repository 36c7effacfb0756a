import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { text } from '../../machines/support/contact-fields';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import {
  PERSON_FORM_MESSAGES as MESSAGES,
  personIdOf,
  ROLE_OPTIONS,
  STAFF_PASSWORD_NOTE,
  STATUS_OPTIONS,
  type PersonFormMode,
} from '../../machines/support/people-fields';
import { userCreateMachine, userEditMachine } from '../../machines/users.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { EntityFormContext, EntityFormView } from '../shared/entity-form.view';
import { FormPasswordField, FormPictureField, FormSelectField, FormTextField, STATE_OPTIONS } from '../shared/form-fields';
import { SessionContext } from '../shared/session.context';
import { useDeletePerson } from './use-delete-person';

type Mode = PersonFormMode;

/** The page adds the toasts (and the create form's way back to the list) to the machines of the real people calls. */
const createLogic = userCreateMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });
const editLogic = userEditMachine.provide({ actions: { notify: appEffects.notify } });

/** Every field of a person (docs/product.md); the restaurant is one of the session's restaurants. */
function PersonFields({ mode }: { mode: Mode }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const restaurantOptions = useMemo(() => restaurants.map(({ id, name }) => ({ value: String(id), label: name })), [restaurants]);
  return (
    <Stack gap="md">
      <FormPictureField field="picture" label="Picture URL" alt={(name) => name || 'Picture'} size="lg" radius="xl" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextField field="name" label="Name" required />
        <FormTextField field="email" label="Email" type="email" required />
        <FormTextField field="phone" label="Phone" type="tel" />
        <FormSelectField field="state" label="State" data={STATE_OPTIONS} />
        <FormTextField field="city" label="City" />
        <FormTextField field="street_address" label="Street address" />
        <FormTextField field="suburb" label="Suburb" />
        <FormTextField field="post_code" label="Post code" />
        <FormSelectField field="restaurant_id" label="Restaurant" data={restaurantOptions} required />
        <FormSelectField field="role" label="Role" data={ROLE_OPTIONS} required />
        <FormSelectField field="status" label="Status" data={STATUS_OPTIONS} required />
      </SimpleGrid>
      <Text c="dimmed" size="sm">
        {STAFF_PASSWORD_NOTE}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {mode === 'create' ? (
          <>
            <FormPasswordField field="password" label="Password" required autoComplete="new-password" />
            <FormPasswordField field="change_password" label="Confirm password" required autoComplete="new-password" />
          </>
        ) : (
          <>
            <FormPasswordField field="new_password" label="New password" autoComplete="new-password" />
            <FormPasswordField field="confirm_password" label="Confirm new password" autoComplete="new-password" />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** Delete User of the edit form: the same question as the list's trash, then back to the list. */
function DeleteUser() {
  const id = EntityFormContext.useSelector((s) => s.context.id);
  const name = EntityFormContext.useSelector((s) => text(s.context.initial.name));
  const shown = EntityFormContext.useSelector((s) => !s.matches('loading') && !s.matches('loadFailed'));

  const { dialog, askDelete } = useDeletePerson({ leaveTo: pathOf('users') });
  return (
    <>
      {shown && id !== null && (
        <Group justify="flex-start">
          <Button color="red" variant="light" onClick={() => askDelete({ id: Number(id), name })}>
            Delete User
          </Button>
        </Group>
      )}
      <ConfirmDialogView dialog={dialog} />
    </>
  );
}

function UserForm({ mode, id, title }: { mode: Mode; id: number | null; title: string }) {
  const [input] = useState(() => ({
    id,
    messages: MESSAGES[mode],
    confirm: mode === 'create' ? FORM_QUESTIONS.userCreate : FORM_QUESTIONS.userEdit,
    ...(mode === 'create' ? { leaveTo: pathOf('users') } : {}),
  }));
  let content: ReactNode;
  if (mode === 'create') {
    content = (
      <EntityFormView noun="user" saveLabel="Create User" withReset={false} cancelTo={pathOf('users')}>
        <PersonFields mode="create" />
      </EntityFormView>
    );
  } else {
    content = (
      <>
        <EntityFormView noun="user" cancelTo={pathOf('users')}>
          <PersonFields mode="edit" />
        </EntityFormView>
        <DeleteUser />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={mode === 'create' ? createLogic : editLogic} options={{ input }}>
        {content}
      </EntityFormContext.Provider>
    </Stack>
  );
}

/** Create User (/user/create) and Edit User (/user/edit?id=…): one chunk; the path says which. */
export default function UserFormPage({ title }: PageProps) {
  const [path] = useLocation();
  const search = useSearch();
  const mode: Mode = path === pathOf('userCreate') ? 'create' : 'edit';
  const id = mode === 'edit' ? personIdOf(search) : null;
  return <UserForm key={`${mode}:${id}`} mode={mode} id={id} title={title} />;
}
