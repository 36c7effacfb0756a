import { Avatar, Group, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { isHttpUrl } from '../../shared/urls';
import { profileFormMachine } from '../../machines/profile.logic';
import type { PageProps } from '../../routes';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView, useFormField } from '../management/entity-form.view';
import { useSessionStorageChanged } from '../session/session.context';
import { FormSelectField, FormTextField, STATE_OPTIONS } from '../restaurants/form-fields';

const MESSAGES = { reset: 'Profile information reset.', saved: 'Profile updated successfully!' };
const INPUT = { id: null, messages: MESSAGES };

const profileLogic = profileFormMachine.provide({ actions: { notify: appEffects.notify } });

function PictureField() {
  const { value } = useFormField('picture');
  const name = useFormField('name').value;
  const src = typeof value === 'string' && isHttpUrl(value) ? value : null;
  return (
    <Group align="flex-end" wrap="nowrap">
      <Avatar src={src} alt={typeof name === 'string' && name ? name : 'Profile picture'} size="xl" radius="xl" />
      <FormTextField field="picture" label="Picture URL" type="url" style={{ flex: 1 }} />
    </Group>
  );
}

function PasswordField({ field, label, autoComplete }: { field: string; label: string; autoComplete: string }) {
  const { value, error, onChange } = useFormField(field);
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={typeof value === 'string' ? value : ''}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function ProfileFields() {
  return (
    <Stack gap="md">
      <PictureField />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextField field="name" label="Name" required autoComplete="name" />
        <FormTextField field="email" label="Email" type="email" required autoComplete="email" />
        <FormTextField field="phone" label="Phone" type="tel" autoComplete="tel" />
        <FormTextField field="street_address" label="Street address" autoComplete="street-address" />
        <FormTextField field="suburb" label="Suburb" />
        <FormTextField field="city" label="City" />
        <FormSelectField field="state" label="State" data={STATE_OPTIONS} />
        <FormTextField field="post_code" label="Post code" inputMode="numeric" maxLength={4} autoComplete="postal-code" />
      </SimpleGrid>
      <Title order={2} size="h4">
        Change password
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <PasswordField field="current_password" label="Current password" autoComplete="current-password" />
        <PasswordField field="new_password" label="New password" autoComplete="new-password" />
        <PasswordField field="confirm_password" label="Confirm new password" autoComplete="new-password" />
      </SimpleGrid>
    </Stack>
  );
}

/** Profile (spec §2, §3): the signed-in user's picture, details and password, Reset and Save Changes. */
export default function ProfilePage({ title }: PageProps) {
  const storageChanged = useSessionStorageChanged();
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={profileLogic} options={{ input: INPUT }}>
        <EntityFormView noun="profile" onSaved={storageChanged}>
          <ProfileFields />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}
