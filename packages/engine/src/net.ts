// @transmute/engine/net: the one SSRF-safe outbound client (URL sources, webhook deliveries)
export { createSafeFetch, safeFetch } from './net/safe-fetch.js';
export type { SafeFetch, SafeFetchInit, SafeFetchPolicy, SafeFetchResponse } from './net/safe-fetch.js';
export { SafeFetchError, isSafeFetchError } from './net/safe-fetch-error.js';
export type { SafeFetchErrorCode, SafeFetchErrorOptions } from './net/safe-fetch-error.js';
export { checkUrlAllowed } from './net/check-url-allowed.js';
export type { UrlCheckOptions, UrlCheckResult, UrlPolicyOptions } from './net/check-url-allowed.js';
export { systemResolver } from './net/resolver.js';
export type { HostResolver, ResolvedAddress } from './net/resolver.js';
