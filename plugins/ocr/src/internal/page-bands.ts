/**
 * The share of a page's height, from its top or bottom edge, where running heads, mastheads and
 * page feet sit (page-furniture.ts, page-masthead.ts).
 */
export const EDGE_BAND = 0.12;
