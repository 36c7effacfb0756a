import { describe, expect, it } from 'vitest';
import * as contract from '@contract/alerts.contract';
import type { AlertRule } from '@contract/api/alerts.calls';
import { ANALYTICS_PAGES } from '@contract/page-reports.contract';
import {
  EVERY_BRANCH,
  HOUR_OPTIONS,
  ruleBody,
  ruleFormError,
  ruleRows,
  ruleSentence,
  ruleValues,
  thresholdUnitChanges,
} from '../../src/machines/support/alert-rule-fields';
import { fieldErrorsOf } from '../../src/services/api-error';
import { ROUTES } from '../../src/routes';
import { ApiError } from '../../src/services/api-error';
import { alertHref, alertLinkText, figuresText } from '../../src/views/alerts/alert-format';
import { ruleBranchText } from '../../src/views/alerts/alert-rules-list.page';
import { EVERY_BRANCH_SCOPE } from '@contract/presentation/labels';

const RULE: AlertRule = {
  id: 3,
  kind: 'no_trade',
  restaurant_id: 9,
  threshold: 11,
  recipient_ids: [3, 1],
  version: 4,
  created_at: '2026-11-20T03:15:00.000Z',
};

describe('alert rules in the console', () => {
  it('reads a rule as a sentence with its threshold: a percentage with its decimal, an hour as 09:00', () => {
    expect(ruleSentence('labour_cost', 35)).toBe('Labour cost at or above 35% of revenue');
    expect(ruleSentence('revenue_drop', 22.5)).toBe('Revenue down 22.5% or more against the same weekday of the last 4 weeks');
    expect(ruleSentence('no_trade', 9)).toBe('No trade recorded by 09:00');
    expect(HOUR_OPTIONS.map((o) => o.value)).toEqual(Array.from({ length: 23 }, (_, i) => String(i + 1)));
  });

  it('names a rule’s recipients in the team’s order, leaving out members who left', () => {
    const [row] = ruleRows(
      [{ ...RULE, recipient_ids: [3, 1, 99] }],
      [
        { id: 1, name: 'Olivia' },
        { id: 3, name: 'Nora' },
      ],
    );
    expect(row).toMatchObject({ sentence: 'No trade recorded by 11:00', recipients: 'Olivia, Nora' });
    expect(ruleBranchText(RULE, new Map([[9, 'Bondi Beach']]))).toBe('Bondi Beach');
    expect(ruleBranchText({ restaurant_id: null }, new Map())).toBe(EVERY_BRANCH_SCOPE);
  });

  it('edits a rule as form values and sends them back as the contract’s body', () => {
    const values = ruleValues(RULE);
    expect(values).toEqual({ kind: 'no_trade', restaurant_id: '9', threshold: '11', recipient_ids: '1,3' });
    expect(ruleBody(values)).toEqual({ kind: 'no_trade', restaurant_id: 9, threshold: 11, recipient_ids: [1, 3] });
    expect(ruleValues(null)).toEqual({ kind: 'labour_cost', restaurant_id: EVERY_BRANCH, threshold: '', recipient_ids: '' });
    expect(ruleBody({ ...ruleValues(null), threshold: ' 12.5 ' })).toEqual({
      kind: 'labour_cost',
      restaurant_id: null,
      threshold: 12.5,
      recipient_ids: [],
    });
    // What is no number goes as null, for the server's message on the field.
    expect(ruleBody({ ...values, threshold: 'abc' }).threshold).toBeNull();
    expect(contract.createAlertRuleInput.safeParse(ruleBody({ ...values, threshold: '' })).error?.issues[0]?.path).toEqual(['threshold']);
  });

  it('empties the threshold only when the kind changes between a percentage and an hour', () => {
    expect(thresholdUnitChanges('labour_cost', 'no_trade')).toBe(true);
    expect(thresholdUnitChanges('no_trade', 'attendance')).toBe(true);
    expect(thresholdUnitChanges('labour_cost', 'procurement')).toBe(false);
  });

  it('puts a refused recipient on the Recipients field and the limit of rules on the Kind field; a stale version stays a 409', () => {
    const refused = ruleFormError(
      new ApiError('Choose members of your team', 422, { errors: { 'recipient_ids[1]': ['Choose members of your team'] } }),
    );
    expect(fieldErrorsOf(refused)).toEqual({ recipient_ids: 'Choose members of your team' });
    expect(fieldErrorsOf(ruleFormError(new ApiError(contract.ALERT_RULES_LIMIT_MESSAGE, 409)))).toEqual({
      kind: contract.ALERT_RULES_LIMIT_MESSAGE,
    });
    const stale = 'This record was changed by someone else. Reload to see the latest version.';
    expect(ruleFormError(new ApiError(stale, 409))).toMatchObject({ status: 409 });
  });
});

describe('an alert on the Alerts page', () => {
  const base = { kind: 'labour_cost' as const, value: 41.23, baseline: 3210, threshold: 35 };

  it('shows its figures in the rule’s unit', () => {
    expect(figuresText(base)).toBe('Labour cost 41.2% of revenue (revenue $3,210.00)');
    expect(figuresText({ ...base, value: null, baseline: 0 })).toBe('Labour cost with no revenue');
    expect(figuresText({ ...base, kind: 'procurement' })).toBe('Procurement 41.2% of revenue (revenue $3,210.00)');
    expect(figuresText({ kind: 'revenue_drop', value: 23.5, baseline: 4500, threshold: 20 })).toBe(
      'Revenue down 23.5% against an average of $4,500.00',
    );
    expect(figuresText({ kind: 'attendance', value: 72, baseline: null, threshold: 80 })).toBe('Attendance 72.0%');
    expect(figuresText({ kind: 'no_trade', value: 0, baseline: null, threshold: 9 })).toBe('0 orders by 09:00');
  });

  it('links to the analytics page of its kind, on its branch, through the route registry’s paths', () => {
    for (const page of ANALYTICS_PAGES) expect(ROUTES.some((r) => r.path === `/${page}`)).toBe(true);
    expect(alertHref({ page: 'roster', range: '7days', day: '2026-11-20', restaurant_id: 7 })).toBe('/roster?range=7days&restaurant=7');
    expect(alertHref({ page: 'revenue', range: '1month', day: '2026-11-01', restaurant_id: 9 })).toBe('/revenue?range=1month&restaurant=9');
    // No range ending yesterday holds today (a no-trade alert): the week ending on the day.
    expect(alertHref({ page: 'order', range: null, day: '2026-11-23', restaurant_id: 9 })).toBe(
      '/order?from=2026-11-17&to=2026-11-23&restaurant=9',
    );
    expect(alertLinkText({ page: 'order', restaurant_name: 'Bondi Beach' })).toBe('Open Order for Bondi Beach');
  });
});
