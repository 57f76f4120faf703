import { isTransmuteApiError } from '@transmute/client/browser';

/** An error as the API reported it: the problem's title, detail and request id (for support). */
export function ProblemView({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  if (isTransmuteApiError(error)) {
    const { problem } = error;
    // A field error that only repeats the detail is said once.
    const fieldErrors = error.fieldErrors.filter((field) => !problem.detail.includes(field.detail));
    return (
      <div class="problem" role="alert">
        <strong class="problem-title">{problem.title}</strong>
        <p class="problem-detail">{problem.detail}</p>
        {fieldErrors.length > 0 && (
          <ul>
            {fieldErrors.map((field) => (
              <li key={field.field}>
                <code>{field.field}</code>: {field.detail}
              </li>
            ))}
          </ul>
        )}
        {/* No answer (connection_failed, status 0): no request id, status or problem page to show. */}
        {problem.status !== 0 && (
          <p class="problem-meta">
            Request ID: <code class="problem-request-id">{problem.request_id}</code> ({problem.code},{' '}
            {problem.status}) ·{' '}
            <a href={problem.type} target="_blank" rel="noopener">
              About {problem.code}
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <div class="problem" role="alert">
      <strong class="problem-title">Something went wrong</strong>
      <p class="problem-detail">{error instanceof Error ? error.message : JSON.stringify(error)}</p>
    </div>
  );
}
