import type { AlertKind } from '@contract/alerts.contract.js';
import type { ApiKeyAccess } from '@contract/api-keys.contract.js';
import type { Range } from '@contract/analytics.contract.js';
import type { ReportFrequency, ReportPage } from '@contract/report-subscriptions.contract.js';
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

// What the console's features keep: API keys, exports in progress, the activity log, report mails, alerts.

/** A key an outside system (POS, roster, supplier) calls the ingest API with; only its secret's hash is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  franchise_id: number;
  /** null: every branch of the franchise. */
  restaurant_id: number | null;
  name: string;
  /** The secret's first characters (`fck_` and its public id), shown in the list to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole secret, hex. */
  secret_hash: string;
  /** null once its creator's account is gone. */
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** 'ingest': sends trade; 'read': reads the analytics (BI tools). */
  access: Generated<ApiKeyAccess>;
}

/** An export in progress: a user holds at most EXPORTS_PER_USER slots at a time. */
export interface ExportSlotsTable {
  user_id: number;
  slot: number;
  taken_at: Date;
}

/** Who changed what, written in the transaction of the change; kept at least ACTIVITY_RETENTION_DAYS. */
export interface ActivityLogTable {
  id: Generated<string>;
  franchise_id: number;
  at: Date;
  /** Null when an API key made the change; user_name then names the key. */
  user_id: number | null;
  user_name: string;
  action: string;
  entity: string;
  entity_id: string | null;
  /** Field → [before, after]; secrets appear only as "changed". */
  changes: Generated<Record<string, [unknown, unknown]>>;
}

/** A member's scheduled report mail. */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  franchise_id: number;
  user_id: number;
  page: ReportPage;
  range: Range;
  frequency: ReportFrequency;
  /** ISO weekday, 1 = Monday … 7 = Sunday; null for a daily report. */
  weekday: number | null;
  /** Hour of the franchise's clock, 0–23. */
  hour: number;
  next_run_at: Date;
  unsubscribe_hash: string;
  created_at: Date;
}

/** One period of a subscription: the queue servers claim from (a period is unique per subscription). */
/** The columns of a queue of mails that servers lease, retry and give up (server/mail/queue.ts). */
export interface QueuedMailColumns {
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  leased_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

export interface ReportDeliveriesTable extends QueuedMailColumns {
  id: Generated<string>;
  subscription_id: number;
  period: string;
  scheduled_at: Date;
}

/** An owner's alert rule (docs/alerts.md); `threshold_tenths` is the percentage, or the "no trade by" hour, times ten. */
export interface AlertRulesTable {
  id: Generated<number>;
  franchise_id: number;
  kind: AlertKind;
  /** null: every branch of the franchise. */
  restaurant_id: number | null;
  threshold_tenths: number;
  version: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

export interface AlertRuleRecipientsTable {
  rule_id: number;
  user_id: number;
}

/** A rule's trading day of one branch, claimed by the server that evaluates it (unique per rule, branch and day). */
export interface AlertEvaluationsTable {
  rule_id: number;
  restaurant_id: number;
  day: string;
  evaluated_at: Date;
}

export interface AlertsTable {
  id: Generated<number>;
  franchise_id: number;
  /** null once the rule is deleted. */
  rule_id: number | null;
  kind: AlertKind;
  threshold_tenths: number;
  restaurant_id: number;
  day: string;
  value: number | null;
  baseline: number | null;
  summary: string;
  created_at: Date;
}

/**
 * A member told of an alert: their acknowledgement and the alert's mail to them (the queue servers claim from);
 * 'skipped' when the member no longer reached the branch by the time it was due.
 */
export interface AlertRecipientsTable extends Omit<QueuedMailColumns, 'status'> {
  status: Generated<'pending' | 'sent' | 'failed' | 'skipped'>;
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  acknowledged_at: Date | null;
}
