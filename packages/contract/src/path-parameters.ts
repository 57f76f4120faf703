import { ID_PREFIXES, type ResourceKind } from './enums.js';

/**
 * The path parameters of the v1 operations: the resource each names, its id prefix (a value
 * without it is malformed) and the service's not-found sentence, which a malformed id answers too
 * so that it reads exactly like an unknown one (CONTRACT §3).
 */
export const PATH_PARAMETERS = {
  file_id: { kind: 'file', resource: 'file', component: 'FileId', notFound: 'No such file.' },
  job_id: { kind: 'job', resource: 'job', component: 'JobId', notFound: 'No such job.' },
  output_id: { kind: 'output', resource: 'output', component: 'OutputId', notFound: 'No such output.' },
  endpoint_id: {
    kind: 'webhookEndpoint',
    resource: 'webhook endpoint',
    component: 'EndpointId',
    notFound: 'No such webhook endpoint.',
  },
  delivery_id: {
    kind: 'webhookDelivery',
    resource: 'webhook delivery',
    component: 'DeliveryId',
    notFound: 'No such delivery.',
  },
} as const satisfies Record<
  string,
  { kind: ResourceKind; resource: string; component: string; notFound: string }
>;

/** A path parameter name of the v1 API. */
export type PathParameterName = keyof typeof PATH_PARAMETERS;

const ID_TAIL = /^[A-Za-z0-9_-]{12,}$/;

/** Whether a path parameter value has its resource's id shape (`<prefix>_` + 12+ url-safe characters). */
export function isWellFormedId(name: PathParameterName, value: string): boolean {
  const prefix = ID_PREFIXES[PATH_PARAMETERS[name].kind];
  return value.startsWith(`${prefix}_`) && ID_TAIL.test(value.slice(prefix.length + 1));
}

/** The regular expression of a path parameter's ids, as published in the OpenAPI document. */
export function idPattern(name: PathParameterName): string {
  return `^${ID_PREFIXES[PATH_PARAMETERS[name].kind]}_[A-Za-z0-9_-]{12,}$`;
}
