/** Markup that is already safe to insert as it is (built by {@link html} or {@link rawHtml}). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A value a template may hold: text (escaped), markup, a list of either, or nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  return escapeHtml(String(value));
}

/**
 * A template tag that escapes every interpolated text, so markup built with it cannot be broken
 * by a description or an example that holds `<`, `&` or quotes.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup produced elsewhere by a trusted renderer (the markdown pipeline). */
export function rawHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A table: a header row of `headings`, then `rows` (each a `<tr>`), inside a `div.table-scroll` so
 * a wide table scrolls on its own, not the page.
 */
export function table(headings: readonly string[], rows: HtmlValue): SafeHtml {
  return html`<div class="table-scroll">
    <table>
      <thead>
        <tr>
          ${headings.map((heading) => html`<th>${heading}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`;
}
