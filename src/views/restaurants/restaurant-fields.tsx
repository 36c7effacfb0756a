import { SimpleGrid, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { BRANCH_STATUS_OWNERS_ONLY_MESSAGE } from '@contract/choices';
import { EntityFormContext, useFormField } from '../shared/entity-form.view';
import { SessionContext, useIsOwner } from '../shared/session.context';
import { DAY_START_CHOICES } from '@contract/choices';
import { FormPictureField, FormSelectField, FormTextField, STATE_OPTIONS } from '../shared/form-fields';

const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/** Every IANA zone the browser knows, Australia's first: the ones a branch here is in. */
const TIME_ZONES = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...zones.filter((z) => z.startsWith('Australia/')), ...zones.filter((z) => !z.startsWith('Australia/'))];
})();

// The note goes below the input, so the row's inputs line up.
const NOTE_BELOW: TextInputProps['inputWrapperOrder'] = ['label', 'input', 'description', 'error'];

/** The ABN as stored: an edit shows it, never changes it once set. */
function ReadOnlyAbn() {
  const abn = useFormField('abn_no');
  return (
    <TextInput
      label="ABN"
      value={typeof abn.value === 'string' ? abn.value : ''}
      error={abn.error}
      readOnly
      description="Read-only"
      inputWrapperOrder={NOTE_BELOW}
    />
  );
}

/**
 * Every field of a restaurant (Edit Restaurant and Add Restaurant): only the name, address, state and time zone are
 * required (the zone starts as the franchise's). The ABN is typed once: on Add Restaurant, or on an edit of a
 * restaurant added without one (`setOnce`); read-only afterwards. The status is an owner's to change; a manager's
 * form sends it back as read.
 */
export function RestaurantFields({ abn }: { abn: 'editable' | 'setOnce' }) {
  const owner = useIsOwner();
  const storedAbn = EntityFormContext.useSelector((s) => s.context.initial.abn_no);
  const franchiseZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? null);
  return (
    <Stack gap="md">
      <FormPictureField field="logo" label="Logo URL" alt={(name) => (name ? `${name} logo` : 'Logo')} size="lg" radius="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextField field="name" label="Name" required />
        {abn === 'editable' || !storedAbn ? (
          <FormTextField
            field="abn_no"
            label="ABN"
            inputMode="numeric"
            autoComplete="off"
            description="11 digits, e.g. 51 824 753 556; branches of one company may share it"
            inputWrapperOrder={NOTE_BELOW}
          />
        ) : (
          <ReadOnlyAbn />
        )}
        <FormTextField field="address" label="Address" required />
        <FormTextField field="suburb" label="Suburb" />
        <FormTextField field="city" label="City" />
        <FormSelectField field="state" label="State" data={STATE_OPTIONS} required />
        <FormTextField field="post_code" label="Post code" inputMode="numeric" maxLength={4} />
        <FormTextField field="phone_no" label="Phone" type="tel" />
        <FormTextField field="email" label="Email" type="email" />
        <FormTextField field="business_type" label="Business type" />
        <FormTextField field="capacity" label="Capacity" inputMode="numeric" />
        {/* None chosen on Add Restaurant: the franchise's zone, shown as the prefilled choice. */}
        <FormSelectField
          field="time_zone"
          label="Time zone"
          data={TIME_ZONES}
          searchable
          required
          placeholder={franchiseZone ? `${franchiseZone} (the franchise's)` : "The franchise's"}
          description="Starts as the franchise's zone; its trading days and hours are counted on this clock"
        />
        <FormSelectField
          field="day_starts_at"
          label="Trading day starts at"
          data={DAY_START_CHOICES}
          description="Orders before it count in the day before (late-night trade)"
        />
        <FormSelectField
          field="status"
          label="Status"
          data={STATUS_OPTIONS}
          disabled={!owner}
          description={owner ? undefined : BRANCH_STATUS_OWNERS_ONLY_MESSAGE}
        />
      </SimpleGrid>
    </Stack>
  );
}
