import { Alert, Button, Group, Loader, ScrollArea, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { CreateAlertRuleInput } from '@contract/alerts.contract';
import type { AlertPreview } from '@contract/api/targets.calls';
import { formatDay, formatPercent } from '@contract/presentation/format';
import { alertRulePreviewMachine, PREVIEW_DAY_CHOICES } from '../../machines/alert-rule-preview.machine';
import { PREVIEW_SHOWN, previewCounts, previewHeadline } from '../../machines/support/alert-rule-fields';
import { SessionContext } from '../shared/session.context';

/** The rule form's preview actor; tests pass `logic={alertRulePreviewMachine.provide(fakes)}`. */
export const AlertRulePreviewContext = createActorContext(alertRulePreviewMachine);

const DAY_OPTIONS = PREVIEW_DAY_CHOICES.map((d) => ({ value: String(d), label: `${d} days` }));

function PreviewList({ preview }: { preview: AlertPreview }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const names = useMemo(() => new Map(restaurants.map((r) => [r.id, r.name])), [restaurants]);
  const nameOf = (id: number) => names.get(id) ?? `Restaurant ${id}`;
  const counts = previewCounts(preview.alerts, nameOf);
  const shown = preview.alerts.slice(0, PREVIEW_SHOWN);
  return (
    <Stack gap="xs">
      <Text size="sm" aria-label="Alerts per branch">
        {counts.map((c) => `${c.name}: ${c.count}`).join(' · ')}
      </Text>
      <ScrollArea.Autosize mah={320}>
        <Table striped aria-label="Alerts the rule would have raised">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Branch</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>What happened</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((a) => (
              <Table.Tr key={`${a.day}/${a.restaurant_id}`}>
                <Table.Td>{formatDay(a.day)}</Table.Td>
                <Table.Td>{nameOf(a.restaurant_id)}</Table.Td>
                <Table.Td>{a.value === null ? '—' : formatPercent(a.value)}</Table.Td>
                <Table.Td>{a.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {preview.alerts.length > shown.length ? (
        <Text size="sm" c="dimmed">{`Showing the first ${shown.length} of ${preview.alerts.length}.`}</Text>
      ) : null}
    </Stack>
  );
}

/** What the rule being edited would have fired: asked for when the form settles, and for another look-back at once. */
export function RulePreview({ rule }: { rule: CreateAlertRuleInput | null }) {
  const actor = AlertRulePreviewContext.useActorRef();
  const key = JSON.stringify(rule);
  useEffect(() => {
    actor.send({ type: 'preview.change', rule: JSON.parse(key) as CreateAlertRuleInput | null });
  }, [actor, key]);
  const state = AlertRulePreviewContext.useSelector((s) =>
    s.matches('incomplete')
      ? 'incomplete'
      : s.matches({ complete: 'failed' })
        ? 'failed'
        : s.matches({ complete: 'shown' })
          ? 'shown'
          : 'loading',
  );
  const days = AlertRulePreviewContext.useSelector((s) => s.context.days);
  const preview = AlertRulePreviewContext.useSelector((s) => s.context.preview);
  const error = AlertRulePreviewContext.useSelector((s) => s.context.error);
  return (
    <Stack gap="xs" aria-label="Preview">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Preview
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Look back"
          data={DAY_OPTIONS}
          value={String(days)}
          onChange={(value) => actor.send({ type: 'preview.days', days: Number(value) })}
        />
      </Group>
      {state === 'incomplete' ? (
        <Text size="sm" c="dimmed">
          Choose the threshold and the members to tell to preview the rule.
        </Text>
      ) : state === 'loading' ? (
        <Loader size="sm" role="status" aria-label="Previewing the rule" />
      ) : state === 'failed' ? (
        <Alert color="red" variant="light" title="The preview could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="light" onClick={() => actor.send({ type: 'preview.retry' })}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : preview ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {previewHeadline(preview)}
          </Text>
          {preview.alerts.length > 0 ? <PreviewList preview={preview} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
