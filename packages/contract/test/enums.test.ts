import { expect, expectTypeOf, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  COST_UNITS,
  EVENT_TYPES,
  FIELD_ERROR_CODES,
  FILE_STATUSES,
  JOB_STAGES,
  JOB_STATUSES,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  OUTPUT_STATUSES,
  PLANS,
  PLUGIN_IDS,
  PLUGIN_KINDS,
  PLUGIN_STATUSES,
  RETENTION_CLASSES,
  SOURCE_TYPES,
  SURFACES,
  USAGE_UNITS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  type AccountStatus,
  type CostUnit,
  type EventType,
  type FieldErrorCode,
  type FileStatus,
  type JobStage,
  type JobStatus,
  type OutputFormat,
  type OutputProfile,
  type OutputStatus,
  type Plan,
  type PluginId,
  type PluginKind,
  type PluginStatus,
  type RetentionClass,
  type SourceType,
  type Surface,
  type UsageUnit,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
} from '../src/index.js';

it('lists every value of each wire union exactly once (the schemas are built from these lists)', () => {
  expectTypeOf<(typeof SOURCE_TYPES)[number]>().toEqualTypeOf<SourceType>();
  expectTypeOf<(typeof OUTPUT_FORMATS)[number]>().toEqualTypeOf<OutputFormat>();
  expectTypeOf<(typeof OUTPUT_PROFILES)[number]>().toEqualTypeOf<OutputProfile>();
  expectTypeOf<(typeof RETENTION_CLASSES)[number]>().toEqualTypeOf<RetentionClass>();
  expectTypeOf<(typeof USAGE_UNITS)[number]>().toEqualTypeOf<UsageUnit>();
  expectTypeOf<(typeof EVENT_TYPES)[number]>().toEqualTypeOf<EventType>();
  expectTypeOf<(typeof JOB_STAGES)[number]>().toEqualTypeOf<JobStage>();
  expectTypeOf<(typeof FILE_STATUSES)[number]>().toEqualTypeOf<FileStatus>();
  expectTypeOf<(typeof JOB_STATUSES)[number]>().toEqualTypeOf<JobStatus>();
  expectTypeOf<(typeof OUTPUT_STATUSES)[number]>().toEqualTypeOf<OutputStatus>();
  expectTypeOf<(typeof WEBHOOK_ENDPOINT_STATUSES)[number]>().toEqualTypeOf<WebhookEndpointStatus>();
  expectTypeOf<(typeof WEBHOOK_DELIVERY_STATUSES)[number]>().toEqualTypeOf<WebhookDeliveryStatus>();
  expectTypeOf<(typeof PLANS)[number]>().toEqualTypeOf<Plan>();
  expectTypeOf<(typeof ACCOUNT_STATUSES)[number]>().toEqualTypeOf<AccountStatus>();
  expectTypeOf<(typeof PLUGIN_IDS)[number]>().toEqualTypeOf<PluginId>();
  expectTypeOf<(typeof PLUGIN_KINDS)[number]>().toEqualTypeOf<PluginKind>();
  expectTypeOf<(typeof PLUGIN_STATUSES)[number]>().toEqualTypeOf<PluginStatus>();
  expectTypeOf<(typeof COST_UNITS)[number]>().toEqualTypeOf<CostUnit>();
  expectTypeOf<(typeof SURFACES)[number]>().toEqualTypeOf<Surface>();
  expectTypeOf<(typeof FIELD_ERROR_CODES)[number]>().toEqualTypeOf<FieldErrorCode>();
  const lists = [
    SOURCE_TYPES,
    OUTPUT_FORMATS,
    OUTPUT_PROFILES,
    RETENTION_CLASSES,
    USAGE_UNITS,
    EVENT_TYPES,
    JOB_STAGES,
    FILE_STATUSES,
    JOB_STATUSES,
    OUTPUT_STATUSES,
    WEBHOOK_ENDPOINT_STATUSES,
    WEBHOOK_DELIVERY_STATUSES,
    PLANS,
    ACCOUNT_STATUSES,
    PLUGIN_IDS,
    PLUGIN_KINDS,
    PLUGIN_STATUSES,
    COST_UNITS,
    SURFACES,
    FIELD_ERROR_CODES,
  ];
  for (const list of lists) expect(new Set(list).size).toBe(list.length);
  expect(EVENT_TYPES).toHaveLength(14);
});
