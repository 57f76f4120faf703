import { useState } from 'preact/hooks';

/** Cursor paging state: the cursor of the page shown, with the cursors before it (to go back). */
export interface CursorPages {
  cursor: string | undefined;
  atFirst: boolean;
  /** Back to the first page (the filter changed). */
  restart(): void;
  back(): void;
  forward(next: string): void;
}

export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors.at(-1),
    atFirst: cursors.length <= 1,
    restart: () => setCursors([undefined]),
    back: () => setCursors(cursors.slice(0, -1)),
    forward: (next) => setCursors([...cursors, next]),
  };
}

/** The two paging buttons under a list; "next" is disabled on the last page. */
export function Pager(props: {
  pages: CursorPages;
  nextCursor: string | null | undefined;
  previousLabel: string;
  nextLabel: string;
}) {
  const { pages, nextCursor } = props;
  return (
    <div class="pager">
      <button type="button" class="secondary" disabled={pages.atFirst} onClick={() => pages.back()}>
        {props.previousLabel}
      </button>
      <button
        type="button"
        class="secondary"
        disabled={nextCursor == null}
        onClick={() => {
          if (nextCursor != null) pages.forward(nextCursor);
        }}
      >
        {props.nextLabel}
      </button>
    </div>
  );
}
