import { Stack } from '@mantine/core';
import { useState } from 'react';
import { restaurantCreateMachine } from '../../machines/restaurants.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView, GoWhenSaved } from '../shared/entity-form.view';
import { useSessionStorageChanged } from '../shared/session.context';
import { RestaurantFields } from './restaurant-fields';

const MESSAGES = { reset: "{name}'s info reset.", saved: '{name} created successfully!' };

/** The real create call; the toasts show the machine's notices. */
const createLogic = restaurantCreateMachine.provide({ actions: { notify: appEffects.notify } });

/** Add Restaurant (/restaurant/create): the edit form's fields with the ABN typed in, one button. */
export default function RestaurantCreatePage({ title }: PageProps) {
  const [input] = useState(() => ({ id: null, messages: MESSAGES }));
  // The new restaurant is in the stored list: the session's branch pickers follow at once.
  const storageChanged = useSessionStorageChanged();
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={createLogic} options={{ input }}>
        <GoWhenSaved to={pathOf('restaurants')} />
        <EntityFormView noun="restaurant" saveLabel="Add Restaurant" withReset={false} onSaved={storageChanged}>
          <RestaurantFields abn="editable" />
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}
