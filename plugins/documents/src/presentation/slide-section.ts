import type { BlockContent, PhrasingContent, RootContent } from 'mdast';

/** What one slide (or ODP page) holds, in reading order. */
export interface SlideContent {
  /** 1-based position in the deck. */
  number: number;
  title: string;
  blocks: BlockContent[];
  notes: BlockContent[];
}

/**
 * A slide's section: its title as the heading (`## title`, as the slide shows it; `## Slide N`
 * for a slide without one), its blocks, then its speaker notes as a quoted block opening with
 * "Notes:". Every block records the slide it came from (`provenance.slide`, which keeps N).
 */
export function slideSection(slide: SlideContent): RootContent[] {
  const heading: PhrasingContent[] = [
    { type: 'text', value: slide.title === '' ? `Slide ${String(slide.number)}` : slide.title },
  ];
  const section: RootContent[] = [{ type: 'heading', depth: 2, children: heading }, ...slide.blocks];
  if (slide.notes.length > 0) {
    section.push({
      type: 'blockquote',
      children: [
        { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: 'Notes:' }] }] },
        ...slide.notes,
      ],
    });
  }
  for (const block of section)
    block.data = { ...block.data, provenance: { ...block.data?.provenance, slide: slide.number } };
  return section;
}

/** Whitespace (line breaks, tabs) collapsed: titles sit on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
