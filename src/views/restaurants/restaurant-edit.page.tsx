import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useSearch } from 'wouter';
import type { PageProps } from '../../routes';
import { restaurantEditMachine, restaurantIdOf } from '../../machines/restaurants.logic';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView, useFormField } from '../management/entity-form.view';
import { useSessionStorageChanged } from '../session/session.context';
import { FormPictureField, FormSelectField, FormTextField, STATE_OPTIONS } from '../management/form-fields';

const MESSAGES = { reset: "{name}'s info reset.", saved: "{name}'s info updated successfully!" };
const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/** The real read and update calls; the toasts show the machine's notices. */
const editLogic = restaurantEditMachine.provide({ actions: { notify: appEffects.notify } });

function RestaurantFields() {
  const abn = useFormField('abn_no');
  return (
    <Stack gap="md">
      <FormPictureField field="logo" label="Logo URL" alt={(name) => (name ? `${name} logo` : 'Logo')} size="lg" radius="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextField field="name" label="Name" required />
        <TextInput
          label="ABN"
          value={typeof abn.value === 'string' ? abn.value : ''}
          error={abn.error}
          readOnly
          description="Read-only"
          // Below the input, so the row's inputs line up.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <FormTextField field="address" label="Address" required />
        <FormTextField field="suburb" label="Suburb" required />
        <FormTextField field="city" label="City" required />
        <FormSelectField field="state" label="State" data={STATE_OPTIONS} required />
        <FormTextField field="post_code" label="Post code" inputMode="numeric" maxLength={4} required />
        <FormTextField field="phone_no" label="Phone" type="tel" required />
        <FormTextField field="email" label="Email" type="email" required />
        <FormTextField field="business_type" label="Business type" required />
        <FormTextField field="capacity" label="Capacity" inputMode="numeric" required />
        <FormSelectField field="status" label="Status" data={STATUS_OPTIONS} required />
      </SimpleGrid>
    </Stack>
  );
}

/** Edit Restaurant (spec §2, §3): every field of the restaurant, abn_no read-only, Reset and Save Changes. */
export default function RestaurantEditPage({ title }: PageProps) {
  const search = useSearch();
  const id = restaurantIdOf(search);
  const storageChanged = useSessionStorageChanged();
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider key={id ?? 'none'} logic={editLogic} options={{ input: { id, messages: MESSAGES } }}>
        <EntityFormView noun="restaurant" onSaved={storageChanged}>
          <RestaurantFields />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}
