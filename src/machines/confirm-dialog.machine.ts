import { assign, setup, type SnapshotFrom } from 'xstate';

/** How a dialog ended: Yes, the optional No, or closed any other way. */
export type DialogResult = 'confirmed' | 'denied' | 'dismissed';
/** Why a dismissed dialog closed; confirmed and denied dialogs have none. */
export type DismissReason = 'cancel' | 'backdrop' | 'close' | 'esc' | 'timer';
export type DialogOutcome = { result: DialogResult; reason: DismissReason | null };

/** Button labels when a dialog names none; the product's confirm dialogs say Yes and Cancel (docs/product.md). */
export const DIALOG_DEFAULTS = { confirmLabel: 'OK', denyLabel: 'No', cancelLabel: 'Cancel' } as const;

/** The question: its title and text (docs/product.md), the labels, a No button only when `denyLabel` is given, an auto-close delay in ms. */
export type ConfirmDialogInput = {
  title: string;
  text: string;
  confirmLabel?: string;
  denyLabel?: string;
  cancelLabel?: string;
  after?: number;
};

export type ConfirmDialogContext = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** null: no No button. */
  denyLabel: string | null;
  /** null: stays open until answered. */
  after: number | null;
  outcome: DialogOutcome | null;
};

export type ConfirmDialogEvent =
  | { type: 'dialog.confirm' }
  | { type: 'dialog.deny' }
  /** Cancel, the backdrop, the close button or Escape. */
  | { type: 'dialog.dismiss'; reason: Exclude<DismissReason, 'timer'> };

/** A form's save question when it names none; each console form asks its own (docs/product.md#dialogs). */
export const SAVE_CHANGES: ConfirmDialogInput = {
  title: 'Save changes?',
  text: 'Your changes will be saved as shown.',
  confirmLabel: 'Save',
  cancelLabel: 'Cancel',
};
/** The delete question (docs/product.md). */
export const deleteProfileQuestion = (name: string): ConfirmDialogInput => ({
  title: `Delete ${name}'s Profile?`,
  text: 'This cannot be undone!',
  confirmLabel: 'Yes',
});

/**
 * One question: it opens with its title and text and ends, closed, with its outcome as the actor's
 * output. A parent invokes it and proceeds only when `output.result` is `confirmed` (`isConfirmed`).
 */
export const confirmDialogMachine = setup({
  types: {
    context: {} as ConfirmDialogContext,
    events: {} as ConfirmDialogEvent,
    input: {} as ConfirmDialogInput,
    output: {} as DialogOutcome,
  },
  actions: {
    settle: assign((_, outcome: DialogOutcome) => ({ outcome })),
  },
  guards: {
    hasTimer: ({ context }) => context.after !== null,
  },
  delays: {
    autoClose: ({ context }) => context.after ?? 0,
  },
}).createMachine({
  id: 'confirmDialog',
  initial: 'open',
  context: ({ input }) => ({
    title: input.title,
    text: input.text,
    confirmLabel: input.confirmLabel ?? DIALOG_DEFAULTS.confirmLabel,
    cancelLabel: input.cancelLabel ?? DIALOG_DEFAULTS.cancelLabel,
    denyLabel: input.denyLabel ?? null,
    after: input.after ?? null,
    outcome: null,
  }),
  states: {
    open: {
      on: {
        'dialog.confirm': { target: 'closed', actions: { type: 'settle', params: { result: 'confirmed', reason: null } } },
        'dialog.deny': { target: 'closed', actions: { type: 'settle', params: { result: 'denied', reason: null } } },
        'dialog.dismiss': {
          target: 'closed',
          actions: { type: 'settle', params: ({ event }) => ({ result: 'dismissed', reason: event.reason }) },
        },
      },
      after: {
        autoClose: { guard: 'hasTimer', target: 'closed', actions: { type: 'settle', params: { result: 'dismissed', reason: 'timer' } } },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => context.outcome!,
});

export type ConfirmDialogSnapshot = SnapshotFrom<typeof confirmDialogMachine>;

/** Only a confirmed question lets its action proceed. */
export const isConfirmed = (outcome: DialogOutcome | undefined): boolean => outcome?.result === 'confirmed';
