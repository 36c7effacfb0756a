import { Avatar, Checkbox, Group, PasswordInput, SimpleGrid, TextInput, type MantineRadius, type TextInputProps } from '@mantine/core';
import { AUSTRALIAN_STATES } from '@contract/choices';
import { idListOf, idListValue } from '../../machines/entity-form.machine';
import { isHttpUrl } from '../../shared/urls';
import { DeferredSelect } from '../../ui/deferred-select';
import { useFormField } from './entity-form.view';

/** The fields of the create, edit and profile forms: each shows its value and the server's message for it. */

export type Option = string | { value: string; label: string };

/** The states as the selects' options. */
export const STATE_OPTIONS: readonly Option[] = AUSTRALIAN_STATES;

const textOf = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

export function FormTextField({ field, ...rest }: { field: string } & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  const { value, error, onChange } = useFormField(field);
  return <TextInput value={textOf(value)} error={error} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />;
}

export function FormPasswordField({
  field,
  label,
  required,
  autoComplete,
}: {
  field: string;
  label: string;
  required?: boolean;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { value, error, onChange } = useFormField(field);
  return (
    <PasswordInput
      label={label}
      required={required}
      autoComplete={autoComplete}
      value={textOf(value)}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A choice (state, role, status, restaurant) through the deferred select; the chosen option cannot be cleared by picking it again. */
export function FormSelectField({
  field,
  label,
  data,
  required,
  disabled,
  description,
  searchable,
  placeholder,
}: {
  field: string;
  label: string;
  data: readonly Option[];
  required?: boolean;
  disabled?: boolean;
  description?: string;
  /** Typing filters the options (a long list such as the time zones). */
  searchable?: boolean;
  placeholder?: string;
}) {
  const { value, error, onChange } = useFormField(field);
  return (
    <DeferredSelect
      label={label}
      data={data.map((option) => (typeof option === 'string' ? { value: option, label: option } : option))}
      value={textOf(value) || null}
      error={error}
      required={required}
      disabled={disabled}
      description={description}
      searchable={searchable}
      nothingFoundMessage={searchable ? 'Nothing found' : undefined}
      placeholder={placeholder}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/** A set of records (a manager's branches) as checkboxes: no popover to load, and every choice in sight on a phone. */
export function FormIdListField({
  field,
  label,
  options,
  description,
  required,
}: {
  field: string;
  label: string;
  options: readonly { id: number; name: string }[];
  description?: string;
  required?: boolean;
}) {
  const { value, error, onChange } = useFormField(field);
  return (
    <Checkbox.Group
      label={label}
      description={description}
      required={required}
      error={error}
      value={idListOf(value).map(String)}
      onChange={(chosen) => onChange(idListValue(chosen.map(Number)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {options.map(({ id, name }) => (
          <Checkbox key={id} value={String(id)} label={name} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** A picture or logo URL with its preview: the image of an http(s) URL, else the initials of the record's name. */
export function FormPictureField({
  field,
  label,
  alt,
  size,
  radius,
}: {
  field: string;
  label: string;
  /** The preview's text alternative, from the record's name. */
  alt: (name: string) => string;
  size: 'lg' | 'xl';
  radius: MantineRadius;
}) {
  const picture = textOf(useFormField(field).value);
  const name = textOf(useFormField('name').value);
  return (
    <Group align="flex-end" wrap="nowrap">
      <Avatar src={isHttpUrl(picture) ? picture : null} name={name} color="initials" alt={alt(name)} size={size} radius={radius} />
      <FormTextField field={field} label={label} type="url" style={{ flex: 1 }} />
    </Group>
  );
}
