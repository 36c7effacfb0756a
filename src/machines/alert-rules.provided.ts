import { fromPromise } from 'xstate';
import { alertsService } from '../services/alerts.service';
import { teamService } from '../services/team.service';
import { entityFormMachine, type FormRecord } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { ruleBody, ruleFormError, ruleRecord as recordOf, ruleRows, ruleValues, RULE_NOT_FOUND } from './support/alert-rule-fields';
import { recordFromList, savedOrFormError } from './support/form-calls';

/** The alert rule screens' list and forms: the generic list and form machines provided with the real calls. */

/** The franchise's rules with the team's names, for the Alert rules list. */
export const alertRulesListMachine = listMachine.provide({
  actors: {
    fetchItems: fromPromise<ListItem[]>(async () => {
      const [rules, members] = await Promise.all([alertsService.rules(), teamService.list()]);
      return ruleRows(rules, members);
    }),
  },
});

/** Add alert rule: a blank form; the create call. */
export const ruleCreateMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: ruleValues(null), version: null })),
    save: fromPromise(({ input }) =>
      savedOrFormError(ruleFormError, async () => recordOf(await alertsService.createRule(ruleBody(input.values)))),
    ),
  },
});

/** Edit alert rule: the rule of the address, read from the rules list (there is no call for one); the update call. */
export const ruleEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => recordOf(await recordFromList(input.id, () => alertsService.rules(), RULE_NOT_FOUND))),
    save: fromPromise(({ input }) =>
      savedOrFormError(ruleFormError, async () =>
        recordOf(await alertsService.updateRule(Number(input.id), { ...ruleBody(input.values), version: input.version ?? 0 })),
      ),
    ),
  },
});
