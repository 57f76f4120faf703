/** An element of a parsed XML part; qualified names as written (`w:p`, `text:h`). */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlNode[];
}

/** Element or text, in document order. */
export type XmlNode = XmlElement | string;

/** Attributes of every element that has none: one frozen object instead of one each. */
export const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});
