import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { pathOf } from '../../shared/routing';
import { UNSUBSCRIBE_NOT_FOUND_MESSAGE, unsubscribedText, unsubscribeQuestion } from '@contract/presentation/labels';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine';
import { AuthLayout } from '../../ui/auth-layout';

/** The page's actor; tests pass `logic={unsubscribeMachine.provide(fakes)}`. */
export const UnsubscribeContext = createActorContext(unsubscribeMachine);

export const TITLE = 'Unsubscribe';
export const MALFORMED_TITLE = 'This unsubscribe link is incomplete';
export const MALFORMED_TEXT = 'Open the link from your report mail again: the whole link, as the mail shows it.';

// The light green and yellow alerts' titles are too pale on their backgrounds (WCAG AA): those titles are in the text colour.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Signed in or not: signed out, the Profile asks for the sign-in first. */
function ManageLink() {
  return (
    <Anchor component={Link} href={pathOf('profile')} ta="center" size="sm">
      Manage your report mails on your Profile
    </Anchor>
  );
}

function MalformedLink() {
  return (
    <Alert color="red" title={MALFORMED_TITLE}>
      {MALFORMED_TEXT}
    </Alert>
  );
}

/** Shown when the page is opened without the `?token=` of a mail's link: nothing to ask the server. */
export function MissingTokenView() {
  return (
    <AuthLayout title={TITLE}>
      <Stack>
        <MalformedLink />
        <ManageLink />
      </Stack>
    </AuthLayout>
  );
}

/** `/unsubscribe?token=…`, the link of a report mail: what it stops, Unsubscribe, then done. */
export function UnsubscribeView() {
  const actor = UnsubscribeContext.useActorRef();
  const state = UnsubscribeContext.useSelector((s) => s.value);
  const target = UnsubscribeContext.useSelector((s) => s.context.target);
  const error = UnsubscribeContext.useSelector((s) => s.context.error);

  return (
    <AuthLayout title={TITLE}>
      <Stack>
        {state === 'reading' && (
          <Center>
            <Loader role="status" aria-label="Reading the unsubscribe link" />
          </Center>
        )}
        {state === 'readFailed' && (
          <>
            <Alert color="red" title="The link could not be read">
              {error?.message}
            </Alert>
            <Button onClick={() => actor.send({ type: 'unsubscribe.retry' })}>Retry</Button>
          </>
        )}
        {(state === 'asking' || state === 'unsubscribing') && target && (
          <>
            <Text fw={600} ta="center">
              {unsubscribeQuestion(target)}
            </Text>
            <Text c="gray.7" ta="center" size="sm">
              Your other report mails stay as they are.
            </Text>
            {error && (
              <Alert color="red" title="Not unsubscribed">
                {error.message}
              </Alert>
            )}
            <Button loading={state === 'unsubscribing'} onClick={() => actor.send({ type: 'unsubscribe.confirm' })}>
              Unsubscribe
            </Button>
          </>
        )}
        {state === 'done' && target && (
          <Alert color="green" title="Unsubscribed" styles={READABLE_TITLE}>
            {unsubscribedText(target)}
          </Alert>
        )}
        {state === 'unknown' && (
          <Alert color="yellow" title="Nothing to unsubscribe" styles={READABLE_TITLE}>
            {UNSUBSCRIBE_NOT_FOUND_MESSAGE}.
          </Alert>
        )}
        {state === 'malformed' && <MalformedLink />}
        {state !== 'reading' && <ManageLink />}
      </Stack>
    </AuthLayout>
  );
}
