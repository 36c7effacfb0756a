import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { CreateAlertRuleInput } from '@contract/alerts.contract';
import type { AlertPreview } from '@contract/api/targets.calls';
import { alertsService } from '../services/alerts.service';
import { toErrorInfo } from '../services/api-error';

/** The look-back choices of the preview, in days; the server takes 1–400. */
export const PREVIEW_DAY_CHOICES = [30, 90, 180, 365, 400] as const;
export const DEFAULT_PREVIEW_DAYS = 90;
/** Typing settles this long before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 500;

export type PreviewQuery = { rule: CreateAlertRuleInput; days: number };

export type AlertRulePreviewEvent =
  /** The form changed: the rule as it would be saved, or null while it is incomplete (no threshold or no member). */
  | { type: 'preview.change'; rule: CreateAlertRuleInput | null }
  /** Another look-back: asked for at once. */
  | { type: 'preview.days'; days: number }
  | { type: 'preview.retry' };

type Context = { rule: CreateAlertRuleInput | null; days: number; preview: AlertPreview | null; error: string | null };

/**
 * The alert rule form's preview (docs/alerts.md#preview): what the rule being edited would have fired over the last
 * days, asked for once the form's changes settle and at once for another look-back, writing nothing. An incomplete
 * rule asks for nothing; a failure offers a retry.
 */
export const alertRulePreviewMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AlertRulePreviewEvent,
    children: {} as { fetchPreview: 'fetchPreview' },
  },
  actors: {
    fetchPreview: fromPromise<AlertPreview, PreviewQuery>(({ input }) => alertsService.previewRule(input.rule, input.days)),
  },
  delays: { debounce: PREVIEW_DEBOUNCE_MS },
  guards: {
    complete: ({ event }) => event.type === 'preview.change' && event.rule !== null,
  },
  actions: {
    keepRule: assign({ rule: ({ event }) => (event.type === 'preview.change' ? event.rule : null) }),
    keepDays: assign({ days: ({ context, event }) => (event.type === 'preview.days' ? event.days : context.days) }),
  },
}).createMachine({
  id: 'alertRulePreview',
  initial: 'incomplete',
  context: { rule: null, days: DEFAULT_PREVIEW_DAYS, preview: null, error: null },
  states: {
    incomplete: {
      on: {
        'preview.change': { guard: 'complete', target: 'complete', actions: 'keepRule' },
        // Kept for when the rule is complete.
        'preview.days': { actions: 'keepDays' },
      },
    },
    complete: {
      initial: 'settling',
      on: {
        'preview.change': [
          { guard: 'complete', target: '.settling', actions: 'keepRule', reenter: true },
          { target: 'incomplete', actions: 'keepRule' },
        ],
        'preview.days': { target: '.loading', actions: 'keepDays', reenter: true },
      },
      states: {
        settling: { after: { debounce: 'loading' } },
        loading: {
          invoke: {
            id: 'fetchPreview',
            src: 'fetchPreview',
            input: ({ context }) => ({ rule: context.rule!, days: context.days }),
            onDone: { target: 'shown', actions: assign({ preview: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toErrorInfo(event.error).message }) },
          },
        },
        shown: {},
        failed: { on: { 'preview.retry': 'loading' } },
      },
    },
  },
});

export type AlertRulePreviewSnapshot = SnapshotFrom<typeof alertRulePreviewMachine>;
