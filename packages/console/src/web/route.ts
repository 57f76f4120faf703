import { useEffect, useState } from 'preact/hooks';

/** The console's views, addressed by the URL fragment (`#/jobs/job_…`): one HTML page, any mount. */
export type Route =
  | { view: 'new' }
  | { view: 'jobs' }
  | { view: 'job'; jobId: string }
  | { view: 'webhooks' }
  | { view: 'usage' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second] = parts;
  if (first === 'jobs' && second !== undefined) return { view: 'job', jobId: second };
  if (first === 'jobs' || first === 'webhooks' || first === 'usage') return { view: first };
  return { view: 'new' };
}

export function hrefOf(route: Route): string {
  return route.view === 'job' ? `#/jobs/${encodeURIComponent(route.jobId)}` : `#/${route.view}`;
}

export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

/** The current route, following `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
