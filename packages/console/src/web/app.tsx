import type { TransmuteClient } from '@transmute/client/browser';
import { useMemo, useState } from 'preact/hooks';
import { hrefOf, useRoute, type Route } from './route.js';
import { clientFor, forgetApiKey, storedApiKey } from './session.js';
import { forgetJobRequests } from './job-records.js';
import { SignIn } from './views/sign-in.js';
import { NewConversion } from './views/new-conversion.js';
import { JobsList } from './views/jobs-list.js';
import { JobView } from './views/job-view.js';
import { Webhooks } from './views/webhooks.js';
import { UsageView } from './views/usage-view.js';

const NAV: { route: Route; label: string }[] = [
  { route: { view: 'new' }, label: 'New conversion' },
  { route: { view: 'jobs' }, label: 'Jobs' },
  { route: { view: 'webhooks' }, label: 'Webhooks' },
  { route: { view: 'usage' }, label: 'Usage' },
];

function CurrentView({ client, route }: { client: TransmuteClient; route: Route }) {
  switch (route.view) {
    case 'new':
      return <NewConversion client={client} />;
    case 'jobs':
      return <JobsList client={client} />;
    case 'job':
      return <JobView key={route.jobId} client={client} jobId={route.jobId} />;
    case 'webhooks':
      return <Webhooks client={client} />;
    case 'usage':
      return <UsageView client={client} />;
  }
}

/** The console: sign in with an API key (kept in sessionStorage), then the views. */
export function App() {
  const [apiKey, setApiKey] = useState(storedApiKey);
  const route = useRoute();
  const client = useMemo(() => (apiKey === null ? null : clientFor(apiKey)), [apiKey]);
  if (client === null) return <SignIn onSignedIn={setApiKey} />;
  const signOut = (): void => {
    forgetApiKey();
    forgetJobRequests();
    setApiKey(null);
  };
  const active = route.view === 'job' ? 'jobs' : route.view;
  return (
    <div class="shell">
      <header class="top">
        <span class="brand">Transmute</span>
        <nav aria-label="Console">
          {NAV.map(({ route: target, label }) => (
            <a
              key={target.view}
              href={hrefOf(target)}
              aria-current={active === target.view ? 'page' : undefined}
            >
              {label}
            </a>
          ))}
        </nav>
        <button type="button" class="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        <CurrentView client={client} route={route} />
      </main>
    </div>
  );
}
