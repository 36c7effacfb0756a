import { Avatar, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  PERSON_FORM_MESSAGES as MESSAGES,
  personIdOf,
  ROLE_OPTIONS,
  STATE_OPTIONS,
  STATUS_OPTIONS,
  text,
  userCreateMachine,
  userEditMachine,
  type PersonFormMode,
} from '../../machines/people.machines';
import type { PageProps } from '../../routes';
import { DeferredSelect } from '../../ui/deferred-select';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../management/confirm-dialog.view';
import { EntityFormContext, EntityFormView, useFormField } from '../management/entity-form.view';
import { SessionContext } from '../session/session.context';
import { useDeletePerson } from './use-delete-person';

type Mode = PersonFormMode;

/** The page adds the toasts to the machines of the real people calls. */
const createLogic = userCreateMachine.provide({ actions: { notify: appEffects.notify } });
const editLogic = userEditMachine.provide({ actions: { notify: appEffects.notify } });

function TextField({ field, label, required, type }: { field: string; label: string; required?: boolean; type?: string }) {
  const { value, error, onChange } = useFormField(field);
  return (
    <TextInput
      label={label}
      type={type}
      withAsterisk={required}
      value={text(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function PasswordField({ field, label, required }: { field: string; label: string; required?: boolean }) {
  const { value, error, onChange } = useFormField(field);
  return (
    <PasswordInput
      label={label}
      withAsterisk={required}
      autoComplete="new-password"
      value={text(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function SelectField({
  field,
  label,
  data,
  required,
}: {
  field: string;
  label: string;
  data: readonly string[] | readonly { value: string; label: string }[];
  required?: boolean;
}) {
  const { value, error, onChange } = useFormField(field);
  const options = useMemo(() => data.map((option) => (typeof option === 'string' ? { value: option, label: option } : option)), [data]);
  return (
    <DeferredSelect
      label={label}
      data={options}
      withAsterisk={required}
      value={text(value) || null}
      error={error}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

function PictureField() {
  const { value } = useFormField('picture');
  const name = text(useFormField('name').value);
  return (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <Avatar src={/^https?:\/\//i.test(text(value)) ? text(value) : null} name={name} alt={name || 'Picture'} size="lg" />
      <div style={{ flex: 1 }}>
        <TextField field="picture" label="Picture URL" type="url" />
      </div>
    </Group>
  );
}

/** Every Person field of spec §3; the restaurant is one of the session's restaurants. */
function PersonFields({ mode }: { mode: Mode }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const restaurantOptions = useMemo(() => restaurants.map(({ id, name }) => ({ value: String(id), label: name })), [restaurants]);
  return (
    <Stack gap="md">
      <PictureField />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField field="name" label="Name" required />
        <TextField field="email" label="Email" type="email" required />
        <TextField field="phone" label="Phone" type="tel" />
        <SelectField field="state" label="State" data={STATE_OPTIONS} />
        <TextField field="city" label="City" />
        <TextField field="street_address" label="Street address" />
        <TextField field="suburb" label="Suburb" />
        <TextField field="post_code" label="Post code" />
        <SelectField field="restaurant_id" label="Restaurant" data={restaurantOptions} required />
        <SelectField field="role" label="Role" data={ROLE_OPTIONS} required />
        <SelectField field="status" label="Status" data={STATUS_OPTIONS} required />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {mode === 'create' ? (
          <>
            <PasswordField field="password" label="Password" required />
            <PasswordField field="change_password" label="Confirm password" required />
          </>
        ) : (
          <>
            <PasswordField field="new_password" label="New password" />
            <PasswordField field="confirm_password" label="Confirm new password" />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** After a create, back to the list (its toast has been shown). */
function ToListWhenCreated() {
  const saved = EntityFormContext.useSelector((s) => s.matches('saved'));
  const [, navigate] = useLocation();
  useEffect(() => {
    if (saved) navigate('/user');
  }, [saved, navigate]);
  return null;
}

/** Delete User of the edit form: the same question as the list's trash, then back to the list. */
function DeleteUser() {
  const id = EntityFormContext.useSelector((s) => s.context.id);
  const name = EntityFormContext.useSelector((s) => text(s.context.initial.name));
  const shown = EntityFormContext.useSelector((s) => !s.matches('loading') && !s.matches('loadFailed'));

  const [, navigate] = useLocation();
  const { dialog, askDelete } = useDeletePerson(() => navigate('/user'));
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
  const [input] = useState(() => ({ id, messages: MESSAGES[mode] }));
  let content: ReactNode;
  if (mode === 'create') {
    content = (
      <EntityFormView noun="user" saveLabel="Create User" withReset={false}>
        <PersonFields mode="create" />
      </EntityFormView>
    );
  } else {
    content = (
      <>
        <EntityFormView noun="user">
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
        {mode === 'create' && <ToListWhenCreated />}
        {content}
      </EntityFormContext.Provider>
    </Stack>
  );
}

/** Create User (/user/create) and Edit User (/user/edit?id=…), spec §2: one chunk; the path says which. */
export default function UserFormPage({ title }: PageProps) {
  const [path] = useLocation();
  const search = useSearch();
  const mode: Mode = path === '/user/create' ? 'create' : 'edit';
  const id = mode === 'edit' ? personIdOf(search) : null;
  return <UserForm key={`${mode}:${id}`} mode={mode} id={id} title={title} />;
}
