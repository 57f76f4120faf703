/** Throws the signal's reason when it is aborted: the check point of every stage and long loop. */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw toAbortReason(signal);
}

/** The error to throw for an aborted signal: its reason, or an AbortError when it has none. */
export function toAbortReason(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  return reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A signal that never aborts, for callers that pass none. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
