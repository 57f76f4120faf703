/** The target of a `HYPERLINK` field instruction: `"url"`, with `\l "bookmark"` as `#bookmark`. */
export function hyperlinkTarget(instruction: string): string | undefined {
  const match = /^\s*HYPERLINK\b([\s\S]*)$/i.exec(instruction);
  if (match === null) return undefined;
  const rest = match[1] ?? '';
  const anchor = /\\l\s+"([^"]*)"/.exec(rest)?.[1];
  const withoutSwitches = rest.replace(/\\[a-z]\s+"[^"]*"/gi, '').replace(/\\[a-z]\b/gi, '');
  const url = /^\s*"([^"]*)"/.exec(withoutSwitches)?.[1] ?? /^\s*([^\s"]+)/.exec(withoutSwitches)?.[1];
  if (url !== undefined && url !== '') return anchor === undefined ? url : `${url}#${anchor}`;
  return anchor === undefined ? undefined : `#${anchor}`;
}
