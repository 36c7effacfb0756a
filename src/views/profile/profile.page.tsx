import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { profileFormMachine } from '../../machines/profile-form.machine';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView } from '../shared/entity-form.view';
import { SessionContext } from '../shared/session.context';
import { FormPasswordField, FormPictureField, FormSelectField, FormTextField, STATE_OPTIONS } from '../shared/form-fields';
import { ReportMailsSection } from './report-mails.view';

const MESSAGES = { reset: 'Profile information reset.', saved: 'Profile updated successfully!' };

const profileLogic = profileFormMachine.provide({ actions: { notify: appEffects.notify } });

function ProfileFields() {
  return (
    <Stack gap="md">
      <FormPictureField field="picture" label="Picture URL" alt={(name) => name || 'Profile picture'} size="xl" radius="xl" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextField field="name" label="Name" required autoComplete="name" />
        <FormTextField field="email" label="Email" type="email" required autoComplete="email" />
        <FormTextField field="phone" label="Phone" type="tel" autoComplete="tel" />
        <FormTextField field="street_address" label="Street address" autoComplete="street-address" />
        <FormTextField field="suburb" label="Suburb" />
        <FormTextField field="city" label="City" />
        <FormSelectField field="state" label="State" data={STATE_OPTIONS} />
        <FormTextField field="post_code" label="Post code" inputMode="numeric" maxLength={4} autoComplete="postal-code" />
      </SimpleGrid>
      <Title order={2} size="h4">
        Change password
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FormPasswordField field="current_password" label="Current password" autoComplete="current-password" />
        <FormPasswordField field="new_password" label="New password" autoComplete="new-password" />
        <FormPasswordField field="confirm_password" label="Confirm new password" autoComplete="new-password" />
      </SimpleGrid>
    </Stack>
  );
}

/** Profile (/profile): the signed-in user's picture, details and password, Cancel (to the dashboard), Reset and Save Changes. */
export default function ProfilePage({ title }: PageProps) {
  // A saved name, picture or password (its new token) is the session's too: the form tells it to read them again.
  const session = SessionContext.useActorRef();
  const [input] = useState(() => ({ id: null, messages: MESSAGES, confirm: FORM_QUESTIONS.profile, session }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={profileLogic} options={{ input }}>
        <EntityFormView noun="profile" cancelTo={pathOf('dashboard')}>
          <ProfileFields />
        </EntityFormView>
      </EntityFormContext.Provider>
      <ReportMailsSection />
    </Stack>
  );
}
