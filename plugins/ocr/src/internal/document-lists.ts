import type { List, ListItem, Paragraph } from 'mdast';
import type { PageBox, Provenance } from '@transmute/plugin-sdk';
import type { TextBlock } from './layout-types.js';

/** One open list: its node and the block of its last item (where a deeper item or a follow-on paragraph is measured from). */
interface OpenList {
  list: List;
  item: TextBlock;
}

/** How far (in ems) right of an item's marker a deeper item's marker stands, at least. */
const NEST_EM = 0.8;
/** How far (in ems) right of an item's marker a follow-on paragraph of it may start, at most. */
const FOLLOW_ON_EM = 4;

/**
 * Gathers list items into lists as a document's blocks come, nesting an item under the one before
 * it when its marker stands further right, and keeping a paragraph indented under an item's text
 * in that item. `add` answers the new top-level list to append to the document, if the item opens one.
 */
export class ListBuilder {
  private open: OpenList[] = [];

  /** Whether a page was turned since the last item: its margins may differ, so no indent is compared. */
  private turned = false;

  /** Ends every open list (a heading, a table, a paragraph that is no item's). */
  close(): void {
    this.open = [];
  }

  /**
   * Starts a page: a list may go on from the page before, at its top level (the next item is not
   * measured against items placed on another page).
   */
  turnPage(): void {
    this.open = this.open.slice(0, 1);
    this.turned = this.open.length > 0;
  }

  /** Adds an item; answers a new top-level list when one is opened. */
  add(block: TextBlock, item: ListItem, provenance: Provenance, bbox: PageBox | undefined): List | undefined {
    const ordered = block.ordered === true;
    // An item in another column (beside the last one, not under it) goes on at the top level.
    const last = this.open.at(-1)?.item.box;
    const box = block.box;
    const beside = last !== undefined && box !== undefined && (box.x0 >= last.x1 || box.x1 <= last.x0);
    if (beside) this.open = this.open.slice(0, 1);
    const x0 = this.turned || beside ? undefined : box?.x0;
    this.turned = false;
    // Back out of the lists nested deeper than this item's marker.
    while (this.open.length > 1 && x0 !== undefined && x0 < this.xOf(-1) - 0.5 * block.size) this.open.pop();
    const top = this.open.at(-1);
    const deeper = top !== undefined && x0 !== undefined && x0 > this.xOf(-1) + NEST_EM * block.size;
    let opened: List | undefined;
    if (top === undefined || deeper || top.list.ordered !== ordered || !continuesNumbers(top.list, block)) {
      const list = toList(block, ordered, provenance);
      const parent = deeper ? top?.list.children.at(-1) : this.open.at(-2)?.list.children.at(-1);
      if (top !== undefined && !deeper) this.open.pop();
      if (parent === undefined) {
        this.open = [];
        opened = list;
      } else {
        parent.children.push(list);
      }
      this.open.push({ list, item: block });
    }
    const current = this.open.at(-1);
    if (current === undefined) return opened;
    current.item = block;
    current.list.children.push(item);
    // The list spans its items: on each page, the union of their boxes.
    const listProvenance = current.list.data?.provenance;
    if (listProvenance !== undefined && bbox !== undefined)
      listProvenance.bbox = addBox(listProvenance.bbox ?? [], bbox);
    return opened;
  }

  /**
   * Keeps a paragraph in the open item it stands indented under (right of the item's marker, by
   * less than a few ems), as a follow-on paragraph of an item is set; answers whether it did.
   */
  follow(block: TextBlock, paragraph: Paragraph): boolean {
    if (this.turned) return false;
    for (let level = this.open.length - 1; level >= 0; level -= 1) {
      const open = this.open[level];
      const item = open?.list.children.at(-1);
      if (open === undefined || item === undefined || open.item.box === undefined || block.box === undefined)
        continue;
      const indent = block.box.x0 - open.item.box.x0;
      if (indent < NEST_EM * open.item.size || indent > FOLLOW_ON_EM * open.item.size) continue;
      this.open.length = level + 1;
      item.children.push(paragraph);
      item.spread = true;
      return true;
    }
    return false;
  }

  private xOf(index: number): number {
    return this.open.at(index)?.item.box?.x0 ?? 0;
  }
}

/** The number of an item's marker ("3." 3), undefined for a bullet, a letter or "(3)". */
function markerNumber(block: TextBlock): number | undefined {
  const digits = /^\d+/.exec(block.marker ?? '')?.[0];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * Whether an item goes on with a list's numbers: "5)" after "1)" starts a list of its own (a list
 * on the page before, a new list after a page's foot), where markdown would number it "2.". Items
 * without a number, and lists whose numbers are not known, go on.
 */
function continuesNumbers(list: List, block: TextBlock): boolean {
  const number = markerNumber(block);
  if (!list.ordered || block.ordered !== true || number === undefined) return true;
  return number === (list.start ?? 1) + list.children.length;
}

function toList(block: TextBlock, ordered: boolean, provenance: Provenance): List {
  const list: List = {
    type: 'list',
    ordered,
    spread: false,
    children: [],
    data: { provenance: { ...provenance } },
  };
  // A numbered list keeps its first number ("3." after a paragraph goes on from "2.").
  const start = markerNumber(block);
  if (ordered && start !== undefined && start !== 1) list.start = start;
  return list;
}

/** Boxes with `added` merged into the box of its page (or appended for a new page). */
function addBox(boxes: PageBox[], added: PageBox): PageBox[] {
  const same = boxes.find((entry) => entry.page === added.page);
  if (same === undefined) return [...boxes, added];
  const [a0, a1, a2, a3] = same.box;
  const [b0, b1, b2, b3] = added.box;
  return boxes.map((entry) =>
    entry === same
      ? { page: entry.page, box: [Math.min(a0, b0), Math.min(a1, b1), Math.max(a2, b2), Math.max(a3, b3)] }
      : entry,
  );
}
