import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AlertKind } from '@contract/alerts.contract';
import type { Member } from '@contract/team.contract';
import { ruleCreateMachine, ruleEditMachine } from '../../machines/alert-rules.provided';
import {
  EVERY_BRANCH,
  HOUR_OPTIONS,
  KIND_OPTIONS,
  RULE_FORM_MESSAGES as MESSAGES,
  previewRuleOf,
  ruleIdOf,
  ruleSentence,
  thresholdUnitChanges,
} from '../../machines/support/alert-rule-fields';
import { FORM_QUESTIONS } from '../../machines/support/form-questions';
import { TEAM_SEARCH_FIELDS } from '../../machines/support/team-fields';
import { teamListMachine } from '../../machines/team.provided';
import { pathOf, type PageProps } from '../../shared/routing';
import { DeferredSelect } from '../../ui/deferred-select';
import { PageTitle } from '../../ui/page-title';
import { appEffects } from '../app-effects';
import { EntityFormContext, EntityFormView, useFormField } from '../shared/entity-form.view';
import { AlertRulePreviewContext, RulePreview } from './alert-rule-preview.view';
import { alertRulePreviewMachine } from '../../machines/alert-rule-preview.machine';
import { FormIdListField, FormSelectField, FormTextField } from '../shared/form-fields';
import { SessionContext } from '../shared/session.context';
import { EVERY_BRANCH_SCOPE } from '@contract/presentation/labels';

type Mode = 'create' | 'edit';

/** The page adds the toasts to the machines of the real rule calls. */
const createLogic = ruleCreateMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });
const editLogic = ruleEditMachine.provide({ actions: { notify: appEffects.notify, navigate: appEffects.navigate } });
/** The team call, for the recipients' choices (the list's address changes are never asked for here). */
const teamLogic = teamListMachine.provide({ actions: { navigate: appEffects.navigate } });

/** What the threshold field is called for each kind: a percentage, or the hour of a "no trade by" rule. */
export const THRESHOLD_LABELS: Record<AlertKind, string> = {
  labour_cost: 'Labour cost at or above (% of revenue)',
  revenue_drop: 'Revenue down by at least (%)',
  attendance: 'Attendance at or below (%)',
  procurement: 'Procurement at or above (% of revenue)',
  no_trade: 'No trade recorded by (hour)',
  below_target: 'Revenue at or below (% of target)',
  discounts: 'Discounts at or above (% of gross sales)',
  food_cost: 'Food cost at or above (% of revenue)',
};

const kindOf = (value: unknown): AlertKind => (KIND_OPTIONS.some((o) => o.value === value) ? (value as AlertKind) : 'labour_cost');

/** The kind; switching between a percentage and an hour empties the threshold, whose old value means nothing in the new unit. */
function KindField() {
  const kind = useFormField('kind');
  const threshold = useFormField('threshold');
  return (
    <DeferredSelect
      label="Alert when"
      data={KIND_OPTIONS}
      value={kindOf(kind.value)}
      error={kind.error}
      required
      allowDeselect={false}
      onChange={(next) => {
        if (!next) return;
        if (thresholdUnitChanges(kind.value ?? undefined, next)) threshold.onChange('');
        kind.onChange(next);
      }}
    />
  );
}

/** The members the rule may tell, from the team list; while it loads or when it failed, a line says so. */
function RecipientsField() {
  const team = useActorRef(teamLogic, { input: { path: pathOf('team'), search: '', fields: TEAM_SEARCH_FIELDS } });
  const members = useSelector(team, (s) => s.context.items as Member[]);
  const status = useSelector(team, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const error = useSelector(team, (s) => s.context.error?.message);
  if (status === 'loading') return <Loader size="sm" role="status" aria-label="Loading team members" />;
  if (status === 'failed') {
    return (
      <Alert color="red" variant="light" title="The team could not be loaded">
        {error}
      </Alert>
    );
  }
  return (
    <FormIdListField
      field="recipient_ids"
      label="Tell these members"
      description="They see the alert on the Alerts page and get it by e-mail."
      options={members}
      required
    />
  );
}

function RuleFields() {
  const restaurants = SessionContext.useSelector((s) => s.context.restaurants);
  const kind = kindOf(EntityFormContext.useSelector((s) => s.context.values.kind));
  const threshold = EntityFormContext.useSelector((s) => Number(s.context.values.threshold));
  const everyBranch = EntityFormContext.useSelector((s) => s.context.values.restaurant_id === EVERY_BRANCH);
  const values = EntityFormContext.useSelector((s) => s.context.values);
  const rule = useMemo(() => previewRuleOf(values), [values]);
  const branches = useMemo(
    () => [{ value: EVERY_BRANCH, label: EVERY_BRANCH_SCOPE }, ...restaurants.map((r) => ({ value: String(r.id), label: r.name }))],
    [restaurants],
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <KindField />
        <FormSelectField field="restaurant_id" label="Branch" data={branches} required />
        {kind === 'no_trade' ? (
          <FormSelectField field="threshold" label={THRESHOLD_LABELS[kind]} data={HOUR_OPTIONS} required />
        ) : (
          <FormTextField field="threshold" label={THRESHOLD_LABELS[kind]} inputMode="decimal" required autoComplete="off" />
        )}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {threshold > 0 ? `Alerts when: ${ruleSentence(kind, threshold)}.` : 'Choose the threshold the rule watches.'}
        {everyBranch ? ' All branches also covers the branches added later.' : ''}
      </Text>
      <RecipientsField />
      <RulePreview rule={rule} />
    </Stack>
  );
}

function RuleForm({ mode, id, title }: { mode: Mode; id: number | null; title: string }) {
  // Once saved, either form goes back to the rules list.
  const [input] = useState(() => ({
    id,
    messages: MESSAGES[mode],
    confirm: mode === 'create' ? FORM_QUESTIONS.ruleCreate : FORM_QUESTIONS.ruleEdit,
    leaveTo: pathOf('alertRules'),
  }));
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <EntityFormContext.Provider logic={mode === 'create' ? createLogic : editLogic} options={{ input }}>
        <EntityFormView
          noun="alert rule"
          saveLabel={mode === 'create' ? 'Add rule' : undefined}
          withReset={mode === 'edit'}
          cancelTo={pathOf('alertRules')}
        >
          <AlertRulePreviewContext.Provider logic={alertRulePreviewMachine}>
            <RuleFields />
          </AlertRulePreviewContext.Provider>
        </EntityFormView>
      </EntityFormContext.Provider>
    </Stack>
  );
}

/** Add Alert Rule (/alerts/rules/create) and Edit Alert Rule (/alerts/rules/edit?id=…): one chunk; the path says which. */
export default function AlertRuleFormPage({ title }: PageProps) {
  const [path] = useLocation();
  const search = useSearch();
  const mode: Mode = path === pathOf('alertRuleCreate') ? 'create' : 'edit';
  const id = mode === 'edit' ? ruleIdOf(search) : null;
  return <RuleForm key={`${mode}:${id}`} mode={mode} id={id} title={title} />;
}
