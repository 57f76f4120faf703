import type {
  Capabilities,
  CompleteUploadRequest,
  CreateJobOutputRequest,
  CreateJobRequest,
  CreateUploadIntentRequest,
  CreateWebhookEndpointRequest,
  EventEnvelope,
  FileResource,
  Job,
  JobList,
  Output,
  OutputContentPage,
  OutputList,
  Problem,
  RotatedWebhookEndpoint,
  UpdateWebhookEndpointRequest,
  UploadIntent,
  Usage,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '../wire-types.js';
import { capabilitiesSchema, capabilityPluginSchema } from './capabilities.js';
import { fileSchema, uploadIntentSchema } from './file.js';
import type { JsonSchema } from './json-schema.js';
import { jobProgressSchema, jobSchema, usageEstimateSchema } from './job.js';
import { manifestFileSchema, outputContentPageSchema, outputManifestSchema, outputSchema } from './output.js';
import { listPageSchema, pageInfoSchema } from './page.js';
import { fieldErrorSchema, problemSchema } from './problem.js';
import {
  completeUploadRequestSchema,
  createJobOutputRequestSchema,
  createJobRequestSchema,
  createUploadIntentRequestSchema,
  createWebhookEndpointRequestSchema,
  outputOptionsSchema,
  retentionSchema,
  updateWebhookEndpointRequestSchema,
} from './requests.js';
import {
  filesSourceSchema,
  resolverPreferencesSchema,
  sourceSchema,
  textSourceSchema,
  urlSourceSchema,
} from './source.js';
import { usageSchema } from './usage.js';
import {
  eventEnvelopeSchema,
  rotatedWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from './webhook.js';

/** The JSON Schema of every request body, by name (the names the OpenAPI document uses). */
export const REQUEST_BODY_SCHEMAS = {
  CreateJobRequest: createJobRequestSchema,
  CreateJobOutputRequest: createJobOutputRequestSchema,
  CreateUploadIntentRequest: createUploadIntentRequestSchema,
  CompleteUploadRequest: completeUploadRequestSchema,
  CreateWebhookEndpointRequest: createWebhookEndpointRequestSchema,
  UpdateWebhookEndpointRequest: updateWebhookEndpointRequestSchema,
} as const satisfies Record<string, JsonSchema>;

/** Name of a request body schema. */
export type RequestBodyName = keyof typeof REQUEST_BODY_SCHEMAS;

/** The wire type each request body schema describes. */
export interface RequestBodyTypes {
  CreateJobRequest: CreateJobRequest;
  CreateJobOutputRequest: CreateJobOutputRequest;
  CreateUploadIntentRequest: CreateUploadIntentRequest;
  CompleteUploadRequest: CompleteUploadRequest;
  CreateWebhookEndpointRequest: CreateWebhookEndpointRequest;
  UpdateWebhookEndpointRequest: UpdateWebhookEndpointRequest;
}

const webhookEndpointListSchema = listPageSchema(webhookEndpointSchema, 'A page of webhook endpoints.');

/** The JSON Schema of every response resource and of the webhook envelope, by name. */
export const RESOURCE_SCHEMAS = {
  Capabilities: capabilitiesSchema,
  File: fileSchema,
  UploadIntent: uploadIntentSchema,
  Job: jobSchema,
  JobList: listPageSchema(jobSchema, 'A page of jobs, newest first.'),
  Output: outputSchema,
  OutputList: listPageSchema(outputSchema, 'A page of outputs, newest first.'),
  OutputContentPage: outputContentPageSchema,
  Usage: usageSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointWithSecret: webhookEndpointWithSecretSchema,
  RotatedWebhookEndpoint: rotatedWebhookEndpointSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryList: listPageSchema(webhookDeliverySchema, 'A page of redacted deliveries, newest first.'),
  Problem: problemSchema,
  EventEnvelope: eventEnvelopeSchema,
} as const satisfies Record<string, JsonSchema>;

/** Name of a resource schema. */
export type ResourceName = keyof typeof RESOURCE_SCHEMAS;

/** The wire type each resource schema describes. */
export interface ResourceTypes {
  Capabilities: Capabilities;
  File: FileResource;
  UploadIntent: UploadIntent;
  Job: Job;
  JobList: JobList;
  Output: Output;
  OutputList: OutputList;
  OutputContentPage: OutputContentPage;
  Usage: Usage;
  WebhookEndpoint: WebhookEndpoint;
  WebhookEndpointWithSecret: WebhookEndpointWithSecret;
  RotatedWebhookEndpoint: RotatedWebhookEndpoint;
  WebhookEndpointList: WebhookEndpointList;
  WebhookDelivery: WebhookDelivery;
  WebhookDeliveryList: WebhookDeliveryList;
  Problem: Problem;
  EventEnvelope: EventEnvelope;
}

/**
 * Every named schema: what the OpenAPI document lists under `components.schemas`. Nested schemas
 * that are one of these objects become `$ref`s there.
 */
export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  TextSource: textSourceSchema,
  ResolverPreferences: resolverPreferencesSchema,
  UrlSource: urlSourceSchema,
  FilesSource: filesSourceSchema,
  Source: sourceSchema,
  OutputOptions: outputOptionsSchema,
  Retention: retentionSchema,
  ...REQUEST_BODY_SCHEMAS,
  JobProgress: jobProgressSchema,
  UsageEstimate: usageEstimateSchema,
  ManifestFile: manifestFileSchema,
  OutputManifest: outputManifestSchema,
  PageInfo: pageInfoSchema,
  CapabilityPlugin: capabilityPluginSchema,
  FieldError: fieldErrorSchema,
  ...RESOURCE_SCHEMAS,
};
