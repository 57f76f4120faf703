import { createClient, type TransmuteClient } from '@transmute/client/browser';

/** sessionStorage key of the API key: kept for this tab only, gone when it closes. */
const KEY_NAME = 'transmute.apiKey';

/**
 * The installation's base URL: the page's own URL up to its `/console` segment, so the console
 * works under any mount prefix (`/api/console/` → `…/api`).
 */
export function apiBaseUrl(location: Location = window.location): string {
  const index = location.pathname.lastIndexOf('/console');
  const prefix = index < 0 ? '' : location.pathname.slice(0, index);
  return `${location.origin}${prefix}`;
}

export function storedApiKey(): string | null {
  return sessionStorage.getItem(KEY_NAME);
}

export function storeApiKey(apiKey: string): void {
  sessionStorage.setItem(KEY_NAME, apiKey);
}

export function forgetApiKey(): void {
  sessionStorage.removeItem(KEY_NAME);
}

/** The typed v1 client for a key; every call of the console goes through it. */
export function clientFor(apiKey: string): TransmuteClient {
  return createClient({ baseUrl: apiBaseUrl(), apiKey, maxRetries: 1 });
}
