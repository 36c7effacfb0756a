import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createActorContext, useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { Range } from '@contract/analytics.contract';
import { RANGE_LABELS, REPORT_PAGE_TITLES } from '@contract/presentation/labels';
import type { ReportFrequency, ReportPage } from '@contract/report-subscriptions.contract';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import {
  FORM_ERROR,
  reportMailFormMachine,
  reportSubscriptionsMachine,
  type SubscriptionField,
} from '../../machines/report-subscriptions.machine';
import { DeferredSelect } from '../../ui/deferred-select';
import { submitHandler } from '../../ui/form-events';
import { formatInstant } from '@contract/presentation/format';
import { LoadState } from '../../ui/load-state';
import { appEffects } from '../app-effects';
import { ConfirmDialogView } from '../shared/confirm-dialog.view';
import { useFieldOf, type EntityFormRef } from '../shared/entity-form.view';
import { SessionContext } from '../shared/session.context';
import { hourLabel } from '@contract/presentation/format';

/** The report mails' actor; tests pass `logic={reportSubscriptionsMachine.provide(fakes)}`. */
export const ReportMailsContext = createActorContext(reportSubscriptionsMachine);

export const EMPTY_TEXT = 'No report mails yet.';

const FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };
/** ISO weekdays: 1 = Monday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
const PAGE_OPTIONS = options(REPORT_PAGE_TITLES);
const RANGE_OPTIONS = options(RANGE_LABELS);
const FREQUENCY_OPTIONS = options(FREQUENCY_LABELS);
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

/** "Revenue, last 7 days". */
export const reportLabel = (page: ReportPage, range: Range) => `${REPORT_PAGE_TITLES[page]}, ${RANGE_LABELS[range].toLowerCase()}`;

/** "Weekly on Monday at 07:00" or "Daily at 07:00", on the franchise's clock. */
export function scheduleLabel({ frequency, weekday, hour }: Pick<ReportSubscription, 'frequency' | 'weekday' | 'hour'>): string {
  return frequency === 'weekly' && weekday !== null
    ? `Weekly on ${WEEKDAYS[weekday - 1]} at ${hourLabel(hour)}`
    : `Daily at ${hourLabel(hour)}`;
}

/** One subscription as its row reads: "Weekly on Monday at 07:00 — Revenue, last 7 days — next: 30 Nov 2026, 07:00". */
export const subscriptionLine = (item: ReportSubscription, timeZone: string) =>
  `${scheduleLabel(item)} — ${reportLabel(item.page, item.range)} — next: ${formatInstant(item.next_run_at, timeZone)}`;

function FieldSelect({
  form,
  field,
  label,
  data,
}: {
  form: EntityFormRef;
  field: SubscriptionField;
  label: string;
  data: readonly { value: string; label: string }[];
}) {
  const { value, error, onChange } = useFieldOf(form, field);
  const saving = useSelector(form, (s) => s.matches('saving'));
  return (
    <DeferredSelect
      label={label}
      data={data}
      value={String(value ?? '')}
      error={error}
      disabled={saving}
      allowDeselect={false}
      onChange={(next) => next !== null && onChange(next)}
    />
  );
}

function AddReportForm({ form }: { form: EntityFormRef }) {
  const weekly = useSelector(form, (s) => s.context.values.frequency === 'weekly');
  // Shown until a choice changes, as the field messages are.
  const formError = useSelector(form, (s) => (s.matches('failed') ? s.context.fieldErrors[FORM_ERROR] : undefined));
  const saving = useSelector(form, (s) => s.matches('saving'));
  // A mail just added is not added twice: a changed choice makes the next one.
  const saved = useSelector(form, (s) => s.matches('saved'));
  const timeZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? 'Australia/Sydney');
  return (
    <form noValidate aria-label="Add report" onSubmit={submitHandler(() => form.send({ type: 'form.submit' }))}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <FieldSelect form={form} field="page" label="Report" data={PAGE_OPTIONS} />
          <FieldSelect form={form} field="range" label="Range" data={RANGE_OPTIONS} />
          <FieldSelect form={form} field="frequency" label="Frequency" data={FREQUENCY_OPTIONS} />
          {weekly && <FieldSelect form={form} field="weekday" label="Weekday" data={WEEKDAY_OPTIONS} />}
          <FieldSelect form={form} field="hour" label="Hour" data={HOUR_OPTIONS} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Times are in {timeZone} time.
        </Text>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving} disabled={saved}>
            Add report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SubscriptionRows({ items }: { items: readonly ReportSubscription[] }) {
  const actor = ReportMailsContext.useActorRef();
  const busy = ReportMailsContext.useSelector((s) => !s.matches({ ready: { row: 'idle' } }));
  const sendingId = ReportMailsContext.useSelector((s) => (s.matches({ ready: { row: 'sending' } }) ? s.context.target?.id : undefined));
  const timeZone = SessionContext.useSelector((s) => s.context.user?.franchise.time_zone ?? 'Australia/Sydney');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your report mails">
      {items.map((item) => {
        const label = `${scheduleLabel(item)} — ${reportLabel(item.page, item.range)}`;
        return (
          <Paper component="li" key={item.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
                {subscriptionLine(item, timeZone)}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Send now: ${label}`}
                  disabled={busy}
                  loading={sendingId === item.id}
                  onClick={() => actor.send({ type: 'mail.send', id: item.id, label })}
                >
                  Send now
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Remove: ${label}`}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'mail.remove', id: item.id, label })}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Loading, the failure with Retry, or the list (or its empty text) with the add form. */
function SubscriptionList() {
  const actor = ReportMailsContext.useActorRef();
  const status = ReportMailsContext.useSelector((s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const items = ReportMailsContext.useSelector((s) => s.context.items);
  const error = ReportMailsContext.useSelector((s) => s.context.error?.message);
  return (
    <LoadState
      status={status}
      loadingLabel="Loading report mails"
      minHeight={80}
      failedTitle="Report mails could not be loaded"
      message={error}
      onRetry={() => actor.send({ type: 'mails.retry' })}
      retryLabel="Retry loading report mails"
    >
      <Stack gap="md">
        {items.length === 0 ? <Text c="dimmed">{EMPTY_TEXT}</Text> : <SubscriptionRows items={items} />}
        <Title order={3} size="h5">
          Add report
        </Title>
        <AddReport />
      </Stack>
    </LoadState>
  );
}

function RemoveDialog() {
  const dialog = ReportMailsContext.useSelector((s) => s.children.confirmRemove);
  return <ConfirmDialogView dialog={dialog} />;
}

/** The add form (the list's child, once the list is read) with its question. */
function AddReport() {
  const form = ReportMailsContext.useSelector((s) => s.children.addForm);
  const loaded = useSelector(form, (s) => s !== undefined && !s.matches('loading'));
  const dialog = useSelector(form, (s) => s?.children.confirmSave);
  return (
    <>
      {form && loaded && <AddReportForm form={form} />}
      <ConfirmDialogView dialog={dialog} />
    </>
  );
}

function Section({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={4}>
        Report mails
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A page&apos;s key figures and its PDF, mailed to you on a schedule for your branches.
      </Text>
      {children}
    </Paper>
  );
}

/** The member's report mails, the add form and the remove question; inside a ReportMailsContext. */
export function ReportMailsView() {
  return (
    <Section>
      <SubscriptionList />
      <RemoveDialog />
    </Section>
  );
}

/** The real report subscription calls; the toasts carry the machines' notices. */
const reportMailsLogic = reportSubscriptionsMachine.provide({
  actions: { notify: appEffects.notify },
  actors: { addForm: reportMailFormMachine.provide({ actions: { notify: appEffects.notify } }) },
});

/** The Profile page's "Report mails" section with its own actor (and its add form's, once the list is read). */
export function ReportMailsSection() {
  return (
    <ReportMailsContext.Provider logic={reportMailsLogic}>
      <ReportMailsView />
    </ReportMailsContext.Provider>
  );
}
