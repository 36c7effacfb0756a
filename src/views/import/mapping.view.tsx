import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { missingFields } from '../../shared/import-mapping';
import { specOf, type ImportField } from '../../shared/import-spec';
import { DeferredSelect } from '../../ui/deferred-select';
import { ImportContext } from './import.context';
import { FilePreview } from './preview.view';

/** The option of an optional field whose column the file does not have. */
const NONE = '-';

function ColumnSelect({ field, columns }: { field: ImportField; columns: readonly string[] }) {
  const actor = ImportContext.useActorRef();
  const column = ImportContext.useSelector((s) => s.context.mapping[field.name] ?? null);
  const data = [...(field.required ? [] : [{ value: NONE, label: '(not in this file)' }]), ...columns.map((c) => ({ value: c, label: c }))];
  return (
    <DeferredSelect
      label={field.name}
      description={field.hint}
      required={field.required}
      placeholder="Choose the file's column"
      data={data}
      value={column ?? (field.required ? null : NONE)}
      allowDeselect={false}
      onChange={(value) => actor.send({ type: 'import.mapColumn', field: field.name, column: !value || value === NONE ? null : value })}
    />
  );
}

/** The file's columns differ from ours: the owner says which of its columns holds each field. */
export function MappingStep() {
  const actor = ImportContext.useActorRef();
  const kind = ImportContext.useSelector((s) => s.context.kind);
  const headers = ImportContext.useSelector((s) => s.context.info?.headers);
  const missing = ImportContext.useSelector((s) => missingFields(s.context.kind, s.context.mapping).length);
  const columns = [...new Set(headers ?? [])];
  const spec = specOf(kind);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Match the columns
        </Title>
        <Text size="sm" c="dimmed">
          The file&apos;s column names differ from ours. Choose the file&apos;s column for each field of {spec.noun}; this browser remembers
          your choice for the next {spec.noun} file.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {spec.fields.map((field) => (
          <ColumnSelect key={field.name} field={field} columns={columns} />
        ))}
      </SimpleGrid>
      <Group>
        <Button disabled={missing > 0} onClick={() => actor.send({ type: 'import.confirmMapping' })}>
          Check the rows
        </Button>
        <Button variant="default" onClick={() => actor.send({ type: 'import.reset' })}>
          Choose another file
        </Button>
        {missing > 0 && (
          <Text size="sm" c="dimmed">
            {missing === 1 ? '1 field needs' : `${missing} fields need`} a column
          </Text>
        )}
      </Group>
      <FilePreview />
    </Stack>
  );
}
