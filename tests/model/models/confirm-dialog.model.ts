// The model of the confirmDialogMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts). The model's question offers every
// ending: Yes, a No button and an auto-close delay besides Cancel, the backdrop, the close button and Escape.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  confirmDialogMachine,
  deleteProfileQuestion,
  type ConfirmDialogEvent,
  type ConfirmDialogInput,
} from '../../../src/machines/confirm-dialog.machine';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof confirmDialogMachine>;
export type ModelEvent = ConfirmDialogEvent | { type: 'xstate.after.autoClose.confirmDialog.open' };

export const TIMER = { type: 'xstate.after.autoClose.confirmDialog.open' } as const;

export const EVENTS: ModelEvent[] = [
  { type: 'dialog.confirm' },
  { type: 'dialog.deny' },
  { type: 'dialog.dismiss', reason: 'cancel' },
  { type: 'dialog.dismiss', reason: 'backdrop' },
  { type: 'dialog.dismiss', reason: 'close' },
  { type: 'dialog.dismiss', reason: 'esc' },
  TIMER,
];

export const INPUT: ConfirmDialogInput = { ...deleteProfileQuestion('Ava Chen'), denyLabel: 'No', after: 10_000 };

export const model = new TestModel(confirmDialogMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as ConfirmDialogEvent)) as ConfirmDialogEvent[],
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, eventKey(event)]),
});
const all = model.getShortestPaths({ input: INPUT, allowDuplicatePaths: true } as never);
// Besides one path per ending, the question left unanswered: it must stay open, and it is the one path that never
// reaches `closed` (the suite's meta-check leaves out the paths reaching a state and expects the coverage check to fail).
export const paths = [...selectPaths(confirmDialogMachine, all, eventKey), ...all.filter((p) => p.steps.length === 1)];
