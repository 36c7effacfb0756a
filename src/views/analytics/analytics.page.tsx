import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ANALYTICS_PAGES, type AnalyticsPage } from '@contract/page-reports.contract';
import { analyticsPageMachine } from '../../machines/analytics-page.machine';
import { pathOf, type PageProps } from '../../shared/routing';
import { saveFile } from '../../ui/save-file';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { AnalyticsPageContext } from './analytics-page.context';
import { AnalyticsPageBranchesSync, AnalyticsPageUrlSync, AnalyticsPageView } from './analytics-page.view';

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
      <AnalyticsPageBranchesSync />
      <AnalyticsPageView />
    </AnalyticsPageContext.Provider>
  );
}

/** Which page a path shows: the registry routes /order, /roster, /revenue, /headcount and /procurement here. */
export function pageAt(path: string): AnalyticsPage {
  const page = ANALYTICS_PAGES.find((p) => pathOf(p) === path);
  if (!page) throw new Error(`No analytics page at ${path}`);
  return page;
}

/** The five analytics pages (docs/product.md#analytics-pages), one lazy chunk; each route shows the report of its own path. */
export default function AnalyticsRoute(_: PageProps) {
  const [path] = useLocation();
  const page = pageAt(path);
  return <AnalyticsPageScreen key={page} page={page} />;
}
