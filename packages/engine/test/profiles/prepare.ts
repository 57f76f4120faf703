import type { NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { OutputProfile } from '@transmute/contract';
import { createEngine } from '../../src/index.js';
import type { EnrichmentProvider } from '../../src/enrichment/enrichment-provider.js';
import { buildProfileRendering } from '../../src/profiles/build-profile-rendering.js';

const engine = createEngine();

/** Runs the real engine's prepare (text source, normalization, chunking) on inline text. */
export async function prepareText(content: string, title?: string): Promise<NormalizedDocument> {
  const { document } = await engine.prepare({
    type: 'text',
    content,
    ...(title === undefined ? {} : { title }),
  });
  return document;
}

/** Builds a profile with a recording context. */
export async function build(
  document: NormalizedDocument,
  profile: OutputProfile,
  options: { language?: string; includeRawSource?: boolean; enrichment?: EnrichmentProvider } = {},
): Promise<ProfileRendering & { usage: Record<string, number>; ctxWarnings: string[] }> {
  const usage: Record<string, number> = {};
  const ctxWarnings: string[] = [];
  const rendering = await buildProfileRendering(
    document,
    {
      profile,
      format: 'markdown',
      language: options.language ?? 'en',
      includeRawSource: options.includeRawSource ?? false,
    },
    {
      signal: new AbortController().signal,
      ...(options.enrichment === undefined ? {} : { enrichment: options.enrichment }),
      meter: (unit, quantity) => (usage[unit] = (usage[unit] ?? 0) + quantity),
      warn: (code, detail) => ctxWarnings.push(`${code}: ${detail}`),
    },
  );
  return { ...rendering, usage, ctxWarnings };
}

/** An English article with sections, a key-value list and a table. */
export const ARTICLE = `# Solar power in cities

Solar power is the conversion of sunlight into electricity. Cities install solar panels on roofs, car parks and facades. The panels produce electricity during the day and feed surplus power into the grid.

## Storage

Batteries store solar electricity for the evening. A home battery is a lithium-ion pack that holds ten to fifteen kilowatt hours. Grid operators also use large batteries to balance demand.

- Capacity: 13.5 kWh
- Warranty: 10 years
- Chemistry: lithium-ion

## Costs

The cost of solar panels fell by ninety percent in a decade. Installation labour is now the largest part of a rooftop project. Many cities offer grants that cover part of the installation cost.

| city | panels | capacity_mw | subsidised | since |
|---|---|---|---|---|
| Lyon | 1200 | 4.5 | true | 2019-05-01 |
| Graz | 800 | 2.25 | false | 2020-03-15 |
| Turin | 1500 |  | true | 2018-11-30 |
`;
