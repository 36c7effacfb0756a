import { useState, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { AnalyticsPage } from '../../../server/contract/page-reports.contract';
import { analyticsPageMachine } from '../../machines/analytics-page.machine';
import type { PageProps } from '../../routes';
import { saveFile } from '../../ui/save-file';
import { appEffects } from '../app-effects';
import { SessionContext } from '../session/session.context';
import { AnalyticsPageContext } from './analytics-page.context';
import { AnalyticsPageUrlSync, AnalyticsPageView } from './analytics-page.view';

/** The real report and export calls; the router, the toasts and the browser's download carry out the machine's effects. */
const pageLogic = analyticsPageMachine.provide({
  actions: { navigate: appEffects.navigate, notify: appEffects.notify, download: (_, file) => saveFile(file) },
});

function AnalyticsPageScreen({ page }: { page: AnalyticsPage }) {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const search = useSearch();
  // The address it mounted with holds the first applied filters; later changes arrive as events.
  const [input] = useState(() => ({ page, search, branches: restaurants.map(({ id, name }) => ({ id, name })) }));
  return (
    <AnalyticsPageContext.Provider logic={pageLogic} options={{ input }}>
      <AnalyticsPageUrlSync />
      <AnalyticsPageView />
    </AnalyticsPageContext.Provider>
  );
}

const screen = (page: AnalyticsPage): ComponentType<PageProps> =>
  function AnalyticsRoute() {
    return <AnalyticsPageScreen page={page} />;
  };

/** The five analytics pages (spec §2), one lazy chunk: each route renders its own page of it. */
export const ANALYTICS_ROUTES: Record<AnalyticsPage, ComponentType<PageProps>> = {
  order: screen('order'),
  roster: screen('roster'),
  revenue: screen('revenue'),
  headcount: screen('headcount'),
  procurement: screen('procurement'),
};
