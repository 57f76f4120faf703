/** A page number alone: "12", "- 12 -", "Page 3", "3 of 10", "iv" (a well-formed roman numeral). */
export const PAGE_NUMBER =
  /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
