// Every machine with a model: the QA document generator and the event-sender check go through this list.
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

export type MachineModel = { paths: readonly { steps: readonly { state: AnyMachineSnapshot; event: { type: string } }[] }[] };

export const MACHINE_MODELS: { file: string; machine: () => Promise<AnyStateMachine>; model: () => Promise<MachineModel> }[] = [
  {
    file: 'login',
    machine: async () => (await import('../../../src/machines/login.machine')).loginMachine,
    model: () => import('./login.model'),
  },
  {
    file: 'forgot-password',
    machine: async () => (await import('../../../src/machines/forgot-password.machine')).forgotPasswordMachine,
    model: () => import('./forgot-password.model'),
  },
  {
    file: 'change-password',
    machine: async () => (await import('../../../src/machines/change-password.machine')).changePasswordMachine,
    model: () => import('./change-password.model'),
  },
  {
    file: 'session',
    machine: async () => (await import('../../../src/machines/session.machine')).sessionMachine,
    model: () => import('./session.model'),
  },
  {
    file: 'getting-started',
    machine: async () => (await import('../../../src/machines/getting-started.machine')).gettingStartedMachine,
    model: () => import('./getting-started.model'),
  },
  {
    file: 'dashboard',
    machine: async () => (await import('../../../src/machines/dashboard.machine')).dashboardMachine,
    model: () => import('./dashboard.model'),
  },
  {
    file: 'menu-costs',
    machine: async () => (await import('../../../src/machines/menu-costs.machine')).menuCostsMachine,
    model: () => import('./menu-costs.model'),
  },
  {
    file: 'analytics-page',
    machine: async () => (await import('../../../src/machines/analytics-page.machine')).analyticsPageMachine,
    model: () => import('./analytics-page.model'),
  },
  {
    file: 'confirm-dialog',
    machine: async () => (await import('../../../src/machines/confirm-dialog.machine')).confirmDialogMachine,
    model: () => import('./confirm-dialog.model'),
  },
  {
    file: 'list',
    machine: async () => (await import('../../../src/machines/list.machine')).listMachine,
    model: () => import('./list.model'),
  },
  {
    file: 'entity-form',
    machine: async () => (await import('../../../src/machines/entity-form.machine')).entityFormMachine,
    model: () => import('./entity-form.model'),
  },
  {
    file: 'delete-person',
    machine: async () => (await import('../../../src/machines/delete-person.machine')).deletePersonMachine,
    model: () => import('./delete-person.model'),
  },
  {
    file: 'member-actions',
    machine: async () => (await import('../../../src/machines/member-actions.machine')).memberActionsMachine,
    model: () => import('./member-actions.model'),
  },
  {
    file: 'activity',
    machine: async () => (await import('../../../src/machines/activity.machine')).activityMachine,
    model: () => import('./activity.model'),
  },
  {
    file: 'api-keys',
    machine: async () => (await import('../../../src/machines/api-keys.machine')).apiKeysMachine,
    model: () => import('./api-keys.model'),
  },
  {
    file: 'import',
    machine: async () => (await import('../../../src/machines/import.machine')).importMachine,
    model: () => import('./import.model'),
  },
  {
    file: 'report-subscriptions',
    machine: async () => (await import('../../../src/machines/report-subscriptions.machine')).reportSubscriptionsMachine,
    model: () => import('./report-subscriptions.model'),
  },
  {
    file: 'unsubscribe',
    machine: async () => (await import('../../../src/machines/unsubscribe.machine')).unsubscribeMachine,
    model: () => import('./unsubscribe.model'),
  },
  {
    file: 'alerts',
    machine: async () => (await import('../../../src/machines/alerts.machine')).alertsMachine,
    model: () => import('./alerts.model'),
  },
  {
    file: 'alert-rule-preview',
    machine: async () => (await import('../../../src/machines/alert-rule-preview.machine')).alertRulePreviewMachine,
    model: () => import('./alert-rule-preview.model'),
  },
  {
    file: 'alerts-bell',
    machine: async () => (await import('../../../src/machines/alerts-bell.machine')).alertsBellMachine,
    model: () => import('./alerts-bell.model'),
  },
  {
    file: 'alert-rule-actions',
    machine: async () => (await import('../../../src/machines/alert-rule-actions.machine')).alertRuleActionsMachine,
    model: () => import('./alert-rule-actions.model'),
  },
  {
    file: 'targets',
    machine: async () => (await import('../../../src/machines/targets.machine')).targetsMachine,
    model: () => import('./targets.model'),
  },
];
