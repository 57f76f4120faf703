/** An OpenDocument embedded object's content (`Object 1/content.xml`: a formula, a chart), not the document's own. */
export const isObjectContent = (name: string): boolean =>
  name !== 'content.xml' && name.endsWith('/content.xml');
