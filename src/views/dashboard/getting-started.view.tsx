import { Alert, Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { createActorContext } from '@xstate/react';
import { Fragment, useId } from 'react';
import { Link } from 'wouter';
import type { GettingStartedStep } from '@contract/api/getting-started.calls';
import { gettingStartedMachine } from '../../machines/getting-started.machine';
import type { EditRoute } from '@contract/console-paths';
import { pathOf, type RouteName } from '../../shared/routing';
import { LoadState } from '../../ui/load-state';

/** The first steps' actor of the dashboard; tests pass `logic={gettingStartedMachine.provide(fakes)}`. */
export const GettingStartedContext = createActorContext(gettingStartedMachine);

type Step = { key: GettingStartedStep; title: string; text: string; links: { to: Exclude<RouteName, EditRoute>; label: string }[] };

/** The steps in the order an owner takes them (docs/product.md#getting-started). */
export const STEPS: Step[] = [
  {
    key: 'restaurants',
    title: 'Add your restaurants',
    text: 'Each branch with its address, state and time zone.',
    links: [{ to: 'restaurantCreate', label: 'Add a restaurant' }],
  },
  {
    key: 'trade_source',
    title: 'Bring in your trade',
    text: 'An API key lets your POS, roster or supplier system send it; files go through Data Import.',
    links: [
      { to: 'integrations', label: 'Integrations' },
      { to: 'import', label: 'Data Import' },
    ],
  },
  {
    key: 'team',
    title: 'Invite your team',
    text: 'Branch managers see and act on their own branches; other owners on every branch.',
    links: [{ to: 'memberInvite', label: 'Invite a member' }],
  },
  {
    key: 'alerts',
    title: 'Hear about what matters',
    text: 'Alert rules tell you when a branch falls behind; report mails bring the figures to your inbox.',
    links: [
      { to: 'alertRules', label: 'Alert rules' },
      { to: 'profile', label: 'Report mails' },
    ],
  },
];

/**
 * An owner's first steps, leading an empty franchise's dashboard: each ticked from the franchise's records, with the
 * pages that do it; gone once trade arrives or the owner dismisses them.
 */
export function GettingStartedSteps() {
  const actor = GettingStartedContext.useActorRef();
  const steps = GettingStartedContext.useSelector((s) => s.context.steps);
  const error = GettingStartedContext.useSelector((s) => s.context.error);
  const failed = GettingStartedContext.useSelector((s) => s.matches('readFailed'));
  const shown = GettingStartedContext.useSelector((s) => s.matches('shown') || s.matches('dismissing'));
  const dismissing = GettingStartedContext.useSelector((s) => s.matches('dismissing'));
  const id = useId();
  if (failed)
    return (
      <LoadState
        status="failed"
        loadingLabel="Loading your first steps"
        failedTitle="Your first steps could not be loaded"
        message={error?.message}
        retryLabel="Retry your first steps"
        onRetry={() => actor.send({ type: 'gettingStarted.retry' })}
      />
    );
  if (!shown || !steps) return null;
  const done = STEPS.filter((step) => steps.steps[step.key]).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id}>
            Get started
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {STEPS.length} done. Your figures appear here once trade arrives.
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" loading={dismissing} onClick={() => actor.send({ type: 'gettingStarted.dismiss' })}>
          Dismiss
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" mb="sm">
          {error.message}
        </Alert>
      )}
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {STEPS.map((step, i) => {
          const ticked = steps.steps[step.key];
          return (
            <Group key={step.key} component="li" align="flex-start" wrap="nowrap" gap="sm">
              <ThemeIcon radius="xl" size="md" variant={ticked ? 'filled' : 'light'} color={ticked ? 'teal' : 'gray'} aria-hidden>
                {ticked ? <IconCheck size={16} /> : i + 1}
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={600} td={ticked ? 'line-through' : undefined}>
                  {step.title}
                  <VisuallyHidden>{ticked ? ' (done)' : ' (to do)'}</VisuallyHidden>
                </Text>
                <Text size="sm" c="dimmed">
                  {step.text}{' '}
                  {step.links.map((link, j) => (
                    <Fragment key={link.to}>
                      {j > 0 && ' · '}
                      <Anchor component={Link} href={pathOf(link.to)} underline="always">
                        {link.label}
                      </Anchor>
                    </Fragment>
                  ))}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
