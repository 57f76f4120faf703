import { OUTPUT_PROFILE_DESCRIPTIONS, OUTPUT_PROFILES } from '@transmute/contract';
import { html, rawHtml, table } from './html.js';
import type { PageContent } from './layout.js';
import { renderInlineMarkdown } from './markdown.js';

const inline = (markdown: string) => rawHtml(renderInlineMarkdown(markdown));

/** `profiles.html`: the six output profiles, from the contract's `OUTPUT_PROFILE_DESCRIPTIONS`. */
export function renderProfilesPage(): PageContent {
  const main = html`<h1>Output profiles</h1>
    <p>
      A job's <code>output.profile</code> says what to make of the source, and
      <code>output.format</code> (<code>markdown</code>, <code>jsonl</code> or <code>zip</code>) how to
      package it. Every profile works with no network and no model: summaries are extractive and questions are
      made from key sentences; an optional model provider configured by the operator may enrich them.
    </p>
    ${table(
      ['profile', 'what it is for'],
      OUTPUT_PROFILES.map(
        (profile) =>
          html`<tr>
            <td>
              <a href="#${profile}"><code>${profile}</code></a>
            </td>
            <td>${OUTPUT_PROFILE_DESCRIPTIONS[profile].purpose}</td>
          </tr>`,
      ),
    )}
    ${OUTPUT_PROFILES.map((profile) => {
      const description = OUTPUT_PROFILE_DESCRIPTIONS[profile];
      return html`<section class="profile" id="${profile}">
        <h2><code>${profile}</code></h2>
        <p>${description.purpose}</p>
        <dl>
          <dt><code>markdown</code></dt>
          <dd>${inline(description.markdown)}</dd>
          <dt><code>jsonl</code></dt>
          <dd>${inline(description.jsonl)}</dd>
          <dt><code>zip</code></dt>
          <dd>${inline(description.zip)}</dd>
        </dl>
      </section>`;
    })}
    <p>
      Every JSONL record, chunk, context item and evaluation item carries its provenance: <code>source</code>,
      <code>page</code> or <code>time</code> as the source has them, and <code>bbox</code> for PDFs and scans.
      See <a href="reference.html#op-createJob"><code>createJob</code></a
      >.
    </p>`;
  return { path: 'profiles.html', title: 'Output profiles', main };
}
