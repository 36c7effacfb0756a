import { Stack } from '@mantine/core';
import { useState } from 'react';
import { restaurantCreateMachine } from '../../machines/restaurants.provided';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView } from '../shared/entity-form.view';
import { SessionContext } from '../shared/session.context';
import { RestaurantFields } from './restaurant-fields';

const MESSAGES = { reset: "{name}'s info reset.", saved: '{name} created successfully!' };

/** The real create call; the toasts show the machine's notices, the router its way back to the list. */
const createLogic = restaurantCreateMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });

/** Add Restaurant (/restaurant/create): the edit form's fields with the ABN typed in, one button. */
export default function RestaurantCreatePage({ title }: PageProps) {
  // Once saved, the form tells the session (its branch pickers list the new restaurant at once) and goes back to the list.
  const session = SessionContext.useActorRef();
  const [input] = useState(() => ({
    id: null,
    messages: MESSAGES,
    confirm: FORM_QUESTIONS.restaurantCreate,
    session,
    leaveTo: pathOf('restaurants'),
  }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={createLogic} options={{ input }}>
        <EntityFormView noun="restaurant" saveLabel="Add Restaurant" withReset={false} cancelTo={pathOf('restaurants')}>
          <RestaurantFields abn="editable" />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}
