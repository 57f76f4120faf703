import type { Row } from './layout-rows.js';
import type { Segment } from './layout-types.js';

/** A section number of two levels or more standing alone ("2.1", "2.1.1", "3.4.2."). */
const SECTION_NUMBER = /^\d{1,2}(?:\.\d{1,2}){1,4}\.?$/;
/** Farthest (in ems) a section's title may start right of its number. */
const TITLE_GAP_EM = 4;

/**
 * Rows with each section number set apart from its title by a tab ("2.1␣␣␣␣Materials and
 * welding") joined to that title, in the title's font: the line of a numbered heading. Left as two
 * segments, such lines down one column of a two-column page line up with the other column's prose
 * like the rows of a table of two columns. A number followed by a value ("2.1 | 3.4") is a table's.
 */
export function withSectionTitles(rows: Row[]): Row[] {
  return rows.map((row) => {
    if (!row.segments.some((segment) => SECTION_NUMBER.test(segment.text))) return row;
    const segments: Segment[] = [];
    for (let index = 0; index < row.segments.length; index += 1) {
      const number = row.segments[index];
      const title = row.segments[index + 1];
      if (number === undefined) continue;
      if (title !== undefined && titles(number, title)) {
        segments.push(joined(number, title));
        index += 1;
      } else {
        segments.push(number);
      }
    }
    return { ...row, segments };
  });
}

function titles(number: Segment, title: Segment): boolean {
  const gap = title.x0 - number.x1;
  return (
    SECTION_NUMBER.test(number.text) &&
    gap >= 0 &&
    gap <= TITLE_GAP_EM * Math.max(title.size, 1) &&
    /^\p{Lu}/u.test(title.text)
  );
}

function joined(number: Segment, title: Segment): Segment {
  const segment: Segment = { ...title, text: `${number.text} ${title.text}`, x0: number.x0 };
  if (number.runs !== undefined || title.runs !== undefined)
    segment.runs = [...(number.runs ?? []), ...(title.runs ?? [])];
  return segment;
}
