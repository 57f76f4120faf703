import type { List, Nodes, PhrasingContent, RootContent, Table } from 'mdast';

/** Plain text of inline content (links → their text, images → alt, code → its value). */
export function toInlineText(nodes: readonly (PhrasingContent | Nodes)[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'html') out += node.value;
    else if (node.type === 'break') out += '\n';
    else if (node.type === 'image' || node.type === 'imageReference') out += node.alt ?? '';
    else if (node.type === 'footnoteReference') out += `[^${node.identifier}]`;
    else if ('children' in node) out += toInlineText(node.children);
  }
  return out;
}

function indent(text: string, prefix: string, rest: string): string {
  return prefix + text.replace(/\n/g, `\n${rest}`);
}

function listText(list: List): string {
  const start = list.start ?? 1;
  return list.children
    .map((item, i) => {
      const marker = list.ordered ? `${start + i}. ` : '- ';
      const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
      const body = item.children
        .map((child) => toBlockText(child))
        .filter(Boolean)
        .join('\n');
      return indent(check + body, marker, ' '.repeat(marker.length));
    })
    .join('\n');
}

function tableText(table: Table): string {
  const lines: string[] = [];
  table.children.forEach((row, index) => {
    lines.push(
      `| ${row.children.map((cell) => toInlineText(cell.children).replace(/\|/g, '\\|')).join(' | ')} |`,
    );
    if (index === 0) lines.push(`|${row.children.map(() => ' --- ').join('|')}|`);
  });
  return lines.join('\n');
}

/**
 * The plain text of a block as it appears in {@link NormalizedDocument.text}: light markdown that
 * keeps structure for readers and tokenizers (`#` headings, list markers, pipe tables, fences).
 */
export function toBlockText(node: RootContent): string {
  if (node.type === 'heading') {
    const text = toInlineText(node.children).trim();
    return text ? `${'#'.repeat(node.depth)} ${text}` : '';
  }
  if (node.type === 'paragraph') return toInlineText(node.children).trim();
  if (node.type === 'code') return `\`\`\`${node.lang ?? ''}\n${node.value}\n\`\`\``;
  if (node.type === 'html') return node.value;
  if (node.type === 'blockquote') {
    return indent(
      node.children
        .map((child) => toBlockText(child))
        .filter(Boolean)
        .join('\n\n'),
      '> ',
      '> ',
    );
  }
  if (node.type === 'list') return listText(node);
  if (node.type === 'table') return tableText(node);
  if (node.type === 'footnoteDefinition') {
    return `[^${node.identifier}]: ${node.children.map((child) => toBlockText(child)).join(' ')}`;
  }
  if (node.type === 'thematicBreak' || node.type === 'definition' || node.type === 'yaml') return '';
  if ('children' in node) return toInlineText(node.children).trim();
  return 'value' in node ? node.value : '';
}
