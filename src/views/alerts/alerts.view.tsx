import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconSettings } from '@tabler/icons-react';
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Alert } from '@contract/api/alerts.calls';
import { pathOf } from '../../shared/routing';
import { alertPageCount, alertsMachine, ALERTS_PER_PAGE, type AlertStatus } from '../../machines/alerts.machine';
import { ListPager, shownRange } from '../../ui/list-controls';
import { LoadState } from '../../ui/load-state';
import { PageTitle } from '../../ui/page-title';
import { useUrlBridge } from '../shared/use-url-bridge';
import { alertDay, alertHref, alertLinkText, figuresText } from './alert-format';

/** The Alerts page's actor; tests pass `logic={alertsMachine.provide(fakes)}`. */
export const AlertsContext = createActorContext(alertsMachine);

export const NO_ALERTS = 'No alerts';
export const ALERTS_EXPLAINED =
  'Alerts tell you when a branch crosses a rule the owners set: labour cost or procurement too high a share of revenue, revenue down, low attendance, or no trade by an hour.';

const FILTERS: { value: AlertStatus; label: string }[] = [
  { value: 'unread', label: 'Unread' },
  { value: 'all', label: 'All' },
];

/** Reports the URL query, the one record of the list and the page, to the machine (mount, a filter, a page, back / forward). */
export function AlertsUrlSync() {
  const actor = AlertsContext.useActorRef();
  useUrlBridge(actor, 'alerts.urlChanged');
  return null;
}

/** Calls `onAcknowledged` after each acknowledgement (the machine's `acknowledged` emission): the bell counts again. */
export function useOnAcknowledged(onAcknowledged: () => void) {
  const actor = AlertsContext.useActorRef();
  useEffect(() => {
    const subscription = actor.on('acknowledged', onAcknowledged);
    return () => subscription.unsubscribe();
  }, [actor, onAcknowledged]);
}

function AlertCard({ alert }: { alert: Alert }) {
  const actor = AlertsContext.useActorRef();
  const busy = AlertsContext.useSelector((s) => s.hasTag('busy'));
  const mine = AlertsContext.useSelector((s) => s.context.acknowledging === alert.id);
  const unread = alert.acknowledged_at === null;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={alert.summary} style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {alert.summary}
          </Text>
          {unread ? (
            <Badge variant="light" color="red" c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
              Unread
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {alert.restaurant_name} · {alertDay(alert)}
        </Text>
        <Text size="sm">{figuresText(alert)}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} href={alertHref(alert)} size="sm">
            {alertLinkText(alert)}
          </Anchor>
          {unread ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={mine}
              disabled={busy && !mine}
              aria-label={`Acknowledge: ${alert.summary}`}
              onClick={() => actor.send({ type: 'alerts.acknowledge', id: alert.id })}
            >
              Acknowledge
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Acknowledged
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function AlertsList({ owner }: { owner: boolean }) {
  const actor = AlertsContext.useActorRef();
  const status = AlertsContext.useSelector((s) =>
    s.matches('loading') ? 'loading' : s.matches({ shown: 'failed' }) ? 'failed' : s.matches({ shown: 'empty' }) ? 'empty' : 'loaded',
  );
  const items = AlertsContext.useSelector((s) => s.context.items);
  const page = AlertsContext.useSelector((s) => s.context.page);
  const total = AlertsContext.useSelector((s) => s.context.total);
  const filter = AlertsContext.useSelector((s) => s.context.status);
  const error = AlertsContext.useSelector((s) => s.context.error?.message);
  const busy = AlertsContext.useSelector((s) => s.hasTag('busy'));
  return (
    <LoadState
      status={status}
      loadingLabel="Loading alerts"
      failedTitle="Alerts could not be loaded"
      message={error}
      onRetry={() => actor.send({ type: 'alerts.retry' })}
    >
      {status === 'empty' ? (
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>{filter === 'unread' ? 'No unread alerts' : NO_ALERTS}</Text>
          <Text size="sm" c="dimmed">
            {ALERTS_EXPLAINED}
          </Text>
          {owner && (
            <Anchor component={Link} href={pathOf('alertRules')} size="sm">
              Set alert rules
            </Anchor>
          )}
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap="sm" p={0} m={0} aria-label="Alerts">
            {items.map((alert) => (
              <AlertCard key={alert.id} alert={alert} />
            ))}
          </Stack>
          <ListPager
            page={page}
            pageCount={alertPageCount(total)}
            {...shownRange(page, ALERTS_PER_PAGE, items.length)}
            total={total}
            label="Alerts pages"
            disabled={busy}
            onPage={(to) => actor.send({ type: 'alerts.page', page: to })}
          />
        </Stack>
      )}
    </LoadState>
  );
}

/** The Alerts page: Unread / All, Acknowledge all, the member's alerts newest first; owners get the link to the rules. */
export function AlertsView({ title, owner }: { title: string; owner: boolean }) {
  const actor = AlertsContext.useActorRef();
  const filter = AlertsContext.useSelector((s) => s.context.status);
  const unread = AlertsContext.useSelector((s) => s.context.unread);
  const canAcknowledgeAll = AlertsContext.useSelector((s) => s.matches({ shown: 'loaded' }) && s.context.unread > 0);
  const acknowledgingAll = AlertsContext.useSelector((s) => s.matches('acknowledgingAll'));
  const busy = AlertsContext.useSelector((s) => s.hasTag('busy'));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>{title}</PageTitle>
        <Group gap="sm">
          {owner && (
            <Button component={Link} href={pathOf('alertRules')} variant="default" leftSection={<IconSettings size={16} aria-hidden />}>
              Rules
            </Button>
          )}
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={acknowledgingAll}
            disabled={!canAcknowledgeAll && !acknowledgingAll}
            onClick={() => actor.send({ type: 'alerts.acknowledgeAll' })}
          >
            Acknowledge all
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" align="center" gap="sm">
        <SegmentedControl
          aria-label="Show"
          data={FILTERS}
          value={filter}
          disabled={busy}
          onChange={(value) => actor.send({ type: 'alerts.filter', status: value as AlertStatus })}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {unread} unread
        </Text>
      </Group>
      <AlertsList owner={owner} />
    </Stack>
  );
}
