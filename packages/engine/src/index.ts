// net: the one SSRF-safe outbound client (URL sources, webhooks)
export { createSafeFetch, safeFetch } from './net/safe-fetch.js';
export type { SafeFetch, SafeFetchInit, SafeFetchPolicy, SafeFetchResponse } from './net/safe-fetch.js';
export { SafeFetchError, SAFE_FETCH_ERROR_CODES, isSafeFetchError } from './net/safe-fetch-error.js';
export type { SafeFetchErrorCode, SafeFetchErrorOptions } from './net/safe-fetch-error.js';
export { checkUrlAllowed } from './net/check-url-allowed.js';
export type { UrlCheckOptions, UrlCheckResult, UrlPolicyOptions } from './net/check-url-allowed.js';
export { getBlockedAddressReason, isPublicAddress } from './net/address-policy.js';
export type { BlockedAddressReason } from './net/address-policy.js';
export { systemResolver } from './net/resolver.js';
export type { HostResolver, ResolvedAddress } from './net/resolver.js';
