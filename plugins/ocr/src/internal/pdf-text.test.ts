import { describe, expect, it } from 'vitest';
import { toFieldItems } from './pdf-text.js';

const widget = (overrides: Record<string, unknown>) => ({
  subtype: 'Widget',
  fieldType: 'Tx',
  rect: [100, 500, 300, 520],
  hidden: false,
  ...overrides,
});

describe('toFieldItems', () => {
  it('places a one-line value centred in its field, at the field’s font size when it says', () => {
    const [item] = toFieldItems([
      widget({ fieldValue: 'Ada  Lovelace', defaultAppearanceData: { fontSize: 10 } }),
    ]);
    expect(item).toMatchObject({ str: 'Ada Lovelace', height: 10, width: 60 });
    expect(item?.transform).toEqual([10, 0, 0, 10, 102, 507]);
  });

  it('writes a multi-line value top down, one item per line, and joins the choices of a list', () => {
    const lines = toFieldItems([
      widget({ fieldValue: 'first line\n\nthird line', multiLine: true, rect: [0, 0, 200, 100] }),
    ]);
    expect(lines.map((item) => [item.str, item.transform?.[5]])).toEqual([
      ['first line', 100 - 12 * 1.2],
      ['third line', 100 - 3 * 12 * 1.2],
    ]);
    const [choice] = toFieldItems([widget({ fieldType: 'Ch', fieldValue: ['Red', 'Blue'] })]);
    expect(choice?.str).toBe('Red, Blue');
  });

  it('skips empty, hidden, button and signature fields, other annotations and degenerate boxes', () => {
    expect(
      toFieldItems([
        widget({ fieldValue: '  ' }),
        widget({ fieldValue: 'secret', hidden: true }),
        widget({ fieldType: 'Btn', fieldValue: 'Yes' }),
        widget({ fieldType: 'Sig', fieldValue: 'x' }),
        { subtype: 'Link', fieldValue: 'x', rect: [0, 0, 10, 10] },
        widget({ fieldValue: 'flat', rect: [0, 5, 100, 5] }),
        null,
      ]),
    ).toEqual([]);
  });
});
