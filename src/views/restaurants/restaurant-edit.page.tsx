import { Stack } from '@mantine/core';
import { useSearch } from 'wouter';
import { pathOf, type PageProps } from '../../shared/routing';
import { restaurantEditMachine } from '../../machines/restaurants.provided';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import { restaurantIdOf } from '../../machines/support/restaurant-fields';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView } from '../shared/entity-form.view';
import { SessionContext } from '../shared/session.context';
import { RestaurantFields } from './restaurant-fields';

const MESSAGES = { reset: "{name}'s info reset.", saved: "{name}'s info updated successfully!" };

/** The real read and update calls; the toasts show the machine's notices. */
const editLogic = restaurantEditMachine.provide({ actions: { notify: appEffects.notify } });

/** Edit Restaurant (/restaurant/edit?id=…): every field of the restaurant, the ABN read-only once set, Reset and Save Changes. */
export default function RestaurantEditPage({ title }: PageProps) {
  const search = useSearch();
  const id = restaurantIdOf(search);
  // A saved name or status is the session's too: the form tells it to read its restaurants again.
  const session = SessionContext.useActorRef();
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider
        key={id ?? 'none'}
        logic={editLogic}
        options={{ input: { id, messages: MESSAGES, confirm: FORM_QUESTIONS.restaurantEdit, session } }}
      >
        <EntityFormView noun="restaurant" cancelTo={pathOf('restaurants')}>
          <RestaurantFields abn="setOnce" />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}
