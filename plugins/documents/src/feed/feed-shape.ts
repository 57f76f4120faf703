/** A feed as read, whatever its dialect (RSS 2.0, RSS 1.0 / RDF, Atom). */
export interface FeedItem {
  title: string | undefined;
  date: string | undefined;
  link: string | undefined;
  author: string | undefined;
  /** The item's body as HTML (RSS descriptions and Atom html/xhtml content are HTML). */
  html: string | undefined;
  /** The item's body when it is plain text (Atom `type="text"`). */
  text: string | undefined;
}

export interface Feed {
  /** `RSS 2.0`, `RSS 1.0` or `Atom`. */
  dialect: string;
  title: string | undefined;
  link: string | undefined;
  description: string | undefined;
  language: string | undefined;
  items: FeedItem[];
}
