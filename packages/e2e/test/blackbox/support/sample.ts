/** A realistic markdown article used as text source: headings, paragraphs, a list and a table. */
export const ARTICLE = `# Urban Beekeeping in Northern Cities

Urban beekeeping has grown quickly over the last decade. City rooftops, community gardens and
balconies now host thousands of hives, and local honey is sold at weekly markets.

## Why cities suit bees

Cities are often warmer than the surrounding countryside, and parks, street trees and private
gardens provide a long flowering season. Pesticide use is frequently lower than on farmland.
Researchers in Helsinki found that urban colonies produced more honey per hive than rural ones.

## Risks and responsibilities

Too many hives in a small area can exhaust the available forage and harm wild pollinators.
Beekeepers must register their hives, inspect them for disease every spring and keep a water
source nearby so that bees do not visit swimming pools.

- Register every hive with the city.
- Inspect colonies for varroa mites in April.
- Provide water within fifty metres of the hive.

## Harvest data

| City | Hives | Honey per hive (kg) | Year |
|---|---|---|---|
| Helsinki | 420 | 31.5 | 2023 |
| Oslo | 310 | 27.0 | 2023 |
| Stockholm | 515 | 29.8 | 2023 |
| Tallinn | 150 | 24.1 | 2023 |

## Conclusion

With careful planning, urban beekeeping supports local food production and environmental
education. The number of registered hives in northern capitals is expected to double by 2030.
`;

/** Six profiles × three formats (spec enumerations). */
export const PROFILES = [
  'source_summary',
  'dataset_markdown',
  'schema_plan',
  'agent_context',
  'evaluation_markdown',
  'raw_source',
] as const;

/** Output formats. */
export const FORMATS = ['markdown', 'jsonl', 'zip'] as const;
