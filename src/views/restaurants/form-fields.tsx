import { TextInput, type TextInputProps } from '@mantine/core';
import { AUSTRALIAN_STATES } from '../../../server/contract/choices';
import { DeferredSelect } from '../../ui/deferred-select';
import { useFormField } from '../management/entity-form.view';

/** The states as the selects' options. */
export const STATE_OPTIONS = AUSTRALIAN_STATES.map((s) => ({ value: s, label: s }));

const textOf = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** A text field of the form, with the server's message for it. */
export function FormTextField({ field, ...rest }: { field: string } & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  const { value, error, onChange } = useFormField(field);
  return <TextInput value={textOf(value)} error={error} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />;
}

/** A choice of the form (state, status) through the deferred select. */
export function FormSelectField({
  field,
  label,
  data,
  required,
}: {
  field: string;
  label: string;
  data: readonly { value: string; label: string }[];
  required?: boolean;
}) {
  const { value, error, onChange } = useFormField(field);
  return (
    <DeferredSelect
      label={label}
      data={data}
      value={value === null || value === '' ? null : String(value)}
      error={error}
      required={required}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
