import { useCallback, useEffect, useState } from 'preact/hooks';

/** What {@link useLoad} gives: the latest data, the latest error, and a way to load again. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads `load()` now and whenever `deps` change; keeps the last data while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { data, error, loading, reload };
}

/** What {@link useAction} gives: run an action, whether it runs, and its last error. */
export interface Action {
  busy: boolean;
  error: unknown;
  run: (action: () => Promise<void>) => void;
}

/** Runs one user action at a time and keeps its error to show. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback((action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    action().then(
      () => setBusy(false),
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  }, []);
  return { busy, error, run };
}
