import {
  DEFAULT_OUTPUT_PROFILE,
  OUTPUT_PROFILE_DESCRIPTIONS,
  OUTPUT_PROFILES,
  type OutputProfile,
} from '@transmute/contract';
import { profileExampleCommand, PROFILE_EXAMPLE_SOURCE } from '../profile-example-command.js';
import { html, rawHtml, table } from './html.js';
import type { PageContent } from './layout.js';
import { renderInlineMarkdown } from './markdown.js';

const inline = (markdown: string) => rawHtml(renderInlineMarkdown(markdown));

/** Lines of an example shown on the page; the rest is counted, the whole file linked on GitHub. */
const EXAMPLE_LINES = 40;

function exampleOf(profile: OutputProfile, markdown: string | undefined) {
  if (markdown === undefined) return html``;
  const lines = markdown.trimEnd().split('\n');
  const shown = lines.slice(0, EXAMPLE_LINES).join('\n');
  const rest = lines.length - EXAMPLE_LINES;
  return html`<h3>Example</h3>
    <pre><code>$ ${profileExampleCommand(profile)}</code></pre>
    <pre class="example"><code>${shown}</code></pre>
    ${
      rest > 0
        ? html`<p>… and ${String(rest)} more lines (<code>docs/profile-examples/${profile}.md</code>).</p>`
        : html``
    }`;
}

/**
 * `profiles.html`: the six output profiles, from the contract's `OUTPUT_PROFILE_DESCRIPTIONS`, each
 * with a real example output (`docs/profile-examples/`, made by `transmute convert`).
 */
export function renderProfilesPage(examples: Partial<Record<OutputProfile, string>>): PageContent {
  const main = html`<h1>Output profiles</h1>
    <p>
      A job's <code>output.profile</code> says what to make of the source, and
      <code>output.format</code> (<code>markdown</code>, <code>jsonl</code> or <code>zip</code>) how to
      package it. Every profile works with no network and no model: summaries are extractive and questions are
      made from key sentences; an optional model provider configured by the operator may enrich them.
    </p>
    <p>
      The API requires <code>output.profile</code>; the console, the CLI and the examples here pick
      <code>${DEFAULT_OUTPUT_PROFILE}</code> when you name none. Each example below is the real markdown
      output of <code>${PROFILE_EXAMPLE_SOURCE}</code>, a 5 KB technical article of the repository's fixtures.
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
        ${exampleOf(profile, examples[profile])}
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
