import { useState } from 'preact/hooks';

/** Copies `text` to the clipboard and says so. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = (): void => {
    // The Clipboard API exists only in secure contexts (https, or loopback).
    const clipboard = window.isSecureContext ? navigator.clipboard : undefined;
    (clipboard === undefined ? Promise.reject(new Error('no clipboard')) : clipboard.writeText(text)).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button type="button" class="secondary" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
      <span class="visually-hidden" role="status">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </button>
  );
}
