import { useState } from 'preact/hooks';
import { ProblemView } from '../problem-view.js';
import { clientFor, storeApiKey } from '../session.js';
import { useAction } from '../use-async.js';

/** Sign in: the key is checked with getCapabilities, then kept for this tab (sessionStorage). */
export function SignIn({ onSignedIn }: { onSignedIn: (apiKey: string) => void }) {
  const [apiKey, setApiKey] = useState('');
  const action = useAction();
  const submit = (event: Event): void => {
    event.preventDefault();
    const key = apiKey.trim();
    action.run(async () => {
      await clientFor(key).getUsage();
      storeApiKey(key);
      onSignedIn(key);
    });
  };
  return (
    <main class="sign-in">
      <h1>Transmute console</h1>
      <form onSubmit={submit}>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          placeholder="tmk_…"
          required
          value={apiKey}
          onInput={(event) => setApiKey(event.currentTarget.value)}
        />
        <p class="hint">Kept in this tab only (sessionStorage); closing the tab signs you out.</p>
        <button type="submit" disabled={action.busy}>
          Sign in
        </button>
      </form>
      <ProblemView error={action.error} />
    </main>
  );
}
