import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import { MEMBER_FORM_MESSAGES as MESSAGES, memberIdOf, ROLE_OPTIONS } from '../../machines/support/team-fields';
import { memberEditMachine, memberInviteMachine } from '../../machines/team.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView } from '../shared/entity-form.view';
import { FormIdListField, FormSelectField, FormTextField } from '../shared/form-fields';
import { SessionContext } from '../shared/session.context';

type Mode = 'invite' | 'edit';

/** The page adds the toasts to the machines of the real team calls. */
const inviteLogic = memberInviteMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });
const editLogic = memberEditMachine.provide({ actions: { notify: appEffects.notify } });

/** E-mail (fixed once invited: it is the sign-in), name, role, and a manager's branches from the franchise's restaurants. */
function MemberFields({ mode }: { mode: Mode }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const manager = EntityFormContext.useSelector((s) => s.context.values.role === 'manager');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {mode === 'invite' ? (
          <FormTextField
            field="email"
            label="Email"
            type="email"
            required
            autoComplete="off"
            description="The invitation goes to this address; it is the member's sign-in."
          />
        ) : (
          <FormTextField field="email" label="Email" type="email" readOnly description="The sign-in e-mail cannot be changed." />
        )}
        <FormTextField field="name" label="Name" required autoComplete="off" />
        <FormSelectField field="role" label="Role" data={ROLE_OPTIONS} required />
      </SimpleGrid>
      {manager ? (
        <FormIdListField
          field="restaurant_ids"
          label="Branches"
          description="A manager sees and manages these branches only."
          options={restaurants}
          required
        />
      ) : (
        <Text size="sm" c="dimmed">
          An owner sees and manages every branch, the team, integrations, data import and the activity log.
        </Text>
      )}
    </Stack>
  );
}

function MemberForm({ mode, id, title }: { mode: Mode; id: number | null; title: string }) {
  // Once sent, an invitation's form goes back to the Team list.
  const [input] = useState(() => ({
    id,
    messages: MESSAGES[mode],
    confirm: mode === 'invite' ? FORM_QUESTIONS.memberInvite : FORM_QUESTIONS.memberEdit,
    ...(mode === 'invite' ? { leaveTo: pathOf('team') } : {}),
  }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={mode === 'invite' ? inviteLogic : editLogic} options={{ input }}>
        <EntityFormView
          noun="member"
          saveLabel={mode === 'invite' ? 'Send invitation' : undefined}
          withReset={mode === 'edit'}
          cancelTo={pathOf('team')}
        >
          <MemberFields mode={mode} />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}

/** Invite Member (/team/invite) and Edit Member (/team/edit?id=…): one chunk; the path says which. */
export default function MemberFormPage({ title }: PageProps) {
  const [path] = useLocation();
  const search = useSearch();
  const mode: Mode = path === pathOf('memberInvite') ? 'invite' : 'edit';
  const id = mode === 'edit' ? memberIdOf(search) : null;
  return <MemberForm key={`${mode}:${id}`} mode={mode} id={id} title={title} />;
}
