import { useState } from 'react';
import { useSearch } from 'wouter';
import { dashboardMachine } from '../../machines/dashboard.machine';
import { gettingStartedMachine } from '../../machines/getting-started.machine';
import type { PageProps } from '../../shared/routing';
import { appEffects } from '../app-effects';
import { SessionContext, useIsOwner } from '../shared/session.context';
import { DashboardContext } from './dashboard.context';
import { DashboardBranchesSync, DashboardUrlSync, DashboardView } from './dashboard.view';
import { GettingStartedContext, GettingStartedSteps } from './getting-started.view';

/** The real analytics calls, and the router carrying out the machine's navigation (Apply and Reset write the URL). */
const dashboardLogic = dashboardMachine.provide({ actions: { navigate: appEffects.navigate } });

/** `/dashboard`: titled with the group name, i.e. the signed-in user's franchise (docs/product.md#dashboard). */
export default function DashboardPage({ title }: PageProps) {
  const groupName = SessionContext.useSelector((s) => s.context.user?.franchise.name ?? title);
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const franchiseUserId = SessionContext.useSelector((s) => s.context.user?.id ?? null);
  const owner = useIsOwner();
  const search = useSearch();
  // The address it mounted with holds the first applied filters; later changes arrive as events.
  const [input] = useState(() => ({ search, branches: restaurants.map(({ id, name }) => ({ id, name })) }));
  return (
    <DashboardContext.Provider logic={dashboardLogic} options={{ input }}>
      <DashboardUrlSync />
      <DashboardBranchesSync />
      <DashboardView
        title={groupName}
        restaurants={restaurants}
        franchiseUserId={franchiseUserId}
        firstSteps={
          owner && (
            <GettingStartedContext.Provider logic={gettingStartedMachine}>
              <GettingStartedSteps />
            </GettingStartedContext.Provider>
          )
        }
      />
    </DashboardContext.Provider>
  );
}
