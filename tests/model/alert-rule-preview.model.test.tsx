import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect } from 'vitest';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import type { CreateAlertRuleInput } from '@contract/alerts.contract';
import { alertRulePreviewMachine, type PreviewQuery } from '../../src/machines/alert-rule-preview.machine';
import type { AlertPreview } from '@contract/api/targets.calls';
import { previewHeadline } from '../../src/machines/support/alert-rule-fields';
import { AlertRulePreviewContext, RulePreview } from '../../src/views/alerts/alert-rule-preview.view';
import { SessionContext } from '../../src/views/shared/session.context';
import { SETTLED, paths, type ModelEvent } from './models/alert-rule-preview.model';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { signedInSession } from './support/page-session';
import { renderView } from './support/render-view';

// The real preview view in the real form's place; the form's rule is the test's, the preview call a controllable actor.

function renderPreview(inspect: (event: InspectionEvent) => void) {
  const fetchPreview = controllableActor<AlertPreview, PreviewQuery>();
  let setRule: (rule: CreateAlertRuleInput | null) => void = () => undefined;
  let actor: ActorRefFrom<typeof alertRulePreviewMachine> | undefined;
  function Harness() {
    const [rule, set] = useState<CreateAlertRuleInput | null>(null);
    setRule = set;
    actor = AlertRulePreviewContext.useActorRef();
    return <RulePreview rule={rule} />;
  }
  const logic = alertRulePreviewMachine.provide({ actors: { fetchPreview: fetchPreview.logic } });
  renderView(() => (
    <SessionContext.Provider logic={signedInSession().logic}>
      <AlertRulePreviewContext.Provider logic={logic} options={{ inspect }}>
        <Harness />
      </AlertRulePreviewContext.Provider>
    </SessionContext.Provider>
  ));
  return {
    fetchPreview,
    setRule: (rule: CreateAlertRuleInput | null) => act(() => setRule(rule)),
    send: (e: { type: string }) => act(() => actor!.send(e as never)),
  };
}

describe('alert rule preview machine × the rule form’s preview (model-based)', () => {
  runModel(alertRulePreviewMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { fetchPreview, setRule, send } = renderPreview(inspect);
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        switch (e.type) {
          case 'preview.change':
            return setRule(e.rule);
          case 'preview.days':
            return user.click(screen.getByText(`${e.days} days`));
          case 'preview.retry':
            return user.click(screen.getByRole('button', { name: 'Retry' }));
          case SETTLED:
            // The typing settling: the machine's own timer event (the test does not wait for it).
            return send(e);
          case 'xstate.done.actor.fetchPreview':
          case 'xstate.error.actor.fetchPreview':
            return act(async () => fetchPreview.settle(e));
        }
      },
      verify: async (state) => {
        const { context } = state;
        expect(screen.getByRole('radio', { name: `${context.days} days` })).toBeChecked();
        if (state.matches('incomplete')) {
          expect(screen.getByText('Choose the threshold and the members to tell to preview the rule.')).toBeInTheDocument();
        } else if (state.matches({ complete: 'failed' })) {
          expect(screen.getByText('The preview could not be loaded')).toBeInTheDocument();
          expect(screen.getByText(context.error!)).toBeInTheDocument();
        } else if (state.matches({ complete: 'shown' })) {
          expect(screen.getByText(previewHeadline(context.preview!))).toBeInTheDocument();
          const table = screen.queryByRole('table', { name: 'Alerts the rule would have raised' });
          if (context.preview!.alerts.length === 0) expect(table).toBeNull();
          else expect(table!.querySelectorAll('tbody tr')).toHaveLength(context.preview!.alerts.length);
        } else {
          expect(screen.getByRole('status', { name: 'Previewing the rule' })).toBeInTheDocument();
        }
        // One call under way while loading, none otherwise.
        expect(fetchPreview.pending()).toBe(state.matches({ complete: 'loading' }) ? 1 : 0);
      },
    };
  });
});
