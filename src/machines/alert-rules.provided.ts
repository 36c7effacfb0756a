import { fromPromise } from 'xstate';
import { alertsService } from '../services/alerts.service';
import { ApiError } from '../services/api-error';
import { teamService } from '../services/team.service';
import { entityFormMachine, type FormRecord } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { ruleBody, ruleFormError, ruleRecord as recordOf, ruleRows, ruleValues, RULE_NOT_FOUND } from './support/alert-rule-fields';

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
    save: fromPromise(async ({ input }) => {
      try {
        return recordOf(await alertsService.createRule(ruleBody(input.values)));
      } catch (error) {
        throw ruleFormError(error);
      }
    }),
  },
});

/** Edit alert rule: the rule of the address, read from the rules list (there is no call for one); the update call. */
export const ruleEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const rule = input.id === null ? undefined : (await alertsService.rules()).find((r) => r.id === Number(input.id));
      if (!rule) throw new ApiError(RULE_NOT_FOUND, 404);
      return recordOf(rule);
    }),
    save: fromPromise(async ({ input }) => {
      try {
        return recordOf(await alertsService.updateRule(Number(input.id), { ...ruleBody(input.values), version: input.version ?? 0 }));
      } catch (error) {
        throw ruleFormError(error);
      }
    }),
  },
});
