import { navigate } from 'wouter/use-browser-location';
import type { Navigation, Notice } from '../shared/effects';
import { showNotice } from '../ui/notify';

/** The real `notify` and `navigate` actions every machine names. */
export const appEffects = {
  notify: (_: unknown, notice: Notice) => showNotice(notice),
  navigate: (_: unknown, { to, replace }: Navigation) => navigate(to, { replace }),
};
