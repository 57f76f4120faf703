import { describe, expect, it } from 'vitest';
import { inferRecordSet, type RecordSet } from './infer-schema.js';
import { toJsonSchema } from './to-json-schema.js';
import { toSqlDdl } from './to-sql-ddl.js';

function set(columns: string[], rows: RecordSet['rows'], typed = false): RecordSet {
  return {
    name: 'items',
    title: 'Items',
    origin: typed ? 'json' : 'csv',
    columns,
    rows,
    typed,
    headingPath: [],
    provenance: {},
  };
}

describe('inferRecordSet', () => {
  it('parses text cells into integer, number, boolean, date, date-time and string', () => {
    const inferred = inferRecordSet(
      set(
        ['id', 'price', 'active', 'day', 'at', 'zip', 'note'],
        [
          ['1', '9.5', 'true', '2024-01-31', '2024-01-31T10:00:00Z', '01234', 'a'],
          ['2', '10', 'FALSE', '2024-02-29', '2024-02-01 08:30', '98765', ''],
          ['3', '-1e3', 'false', '2023-12-01', '2024-03-01T00:00:00+02:00', '00001', 'c'],
        ],
      ),
    );
    expect(inferred.fields.map((f) => [f.name, f.type, f.nullable])).toEqual([
      ['id', 'integer', false],
      ['price', 'number', false],
      ['active', 'boolean', false],
      ['day', 'date', false],
      ['at', 'date-time', false],
      ['zip', 'string', false],
      ['note', 'string', true],
    ]);
    expect(inferred.primaryKey).toBe('id');
    expect(inferred.fields[1]?.examples).toEqual([9.5, 10, -1000]);
    expect(inferred.fields[1]).toMatchObject({ minimum: -1000, maximum: 10 });
  });

  it('keeps JSON types, detects nested values, enums, formats and nulls', () => {
    const rows: RecordSet['rows'] = [
      [1, 'open', 'a@example.com', '{"k":1}', '[1,2]', null, '12'],
      [2, 'closed', 'b@example.com', '{"k":2}', '[]', 2.5, '13'],
      [3, 'open', 'c@example.com', '{"k":3}', '[3]', 3, '14'],
      [4, 'open', 'd@example.com', '{"k":4}', '[4]', null, '15'],
    ];
    const inferred = inferRecordSet(
      set(['n', 'state', 'email', 'meta', 'tags', 'score', 'code'], rows, true),
    );
    const byName = Object.fromEntries(inferred.fields.map((f) => [f.name, f]));
    expect(byName.n?.type).toBe('integer');
    expect(byName.state).toMatchObject({ type: 'string', enum: ['open', 'closed'] });
    expect(byName.email).toMatchObject({ type: 'string', format: 'email' });
    expect(byName.meta?.type).toBe('object');
    expect(byName.tags?.type).toBe('array');
    expect(byName.score).toMatchObject({ type: 'number', nullable: true, nullCount: 2 });
    expect(byName.code?.type).toBe('string'); // a JSON string stays a string
  });

  it('widens mixed columns to string and treats an all-blank column as nullable string', () => {
    const inferred = inferRecordSet(
      set(
        ['mixed', 'blank'],
        [
          ['1', ''],
          ['x', 'NULL'],
          ['2024-01-01', 'N/A'],
        ],
      ),
    );
    expect(inferred.fields.map((f) => [f.type, f.nullable])).toEqual([
      ['string', false],
      ['string', true],
    ]);
  });
});

describe('toJsonSchema and toSqlDdl', () => {
  const inferred = inferRecordSet(
    set(
      ['id', 'na"me', 'big', 'when'],
      [
        ['1', 'x', '9007199254740', '2024-01-01'],
        ['2', '', '1', '2024-01-02'],
      ],
    ),
  );

  it('writes a 2020-12 schema with nullable types and required columns', () => {
    const schema = toJsonSchema([inferred], 'Doc') as {
      $schema: string;
      $defs: Record<string, { properties: Record<string, unknown>; required: string[] }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$defs.items?.required).toEqual(['id', 'big', 'when']);
    expect(schema.$defs.items?.properties['na"me']).toMatchObject({ type: ['string', 'null'] });
    expect(schema.$defs.items?.properties.when).toMatchObject({ type: 'string', format: 'date' });
  });

  it('writes portable DDL with quoted identifiers, NOT NULL, BIGINT and a primary key', () => {
    const ddl = toSqlDdl([inferred], 'Doc');
    expect(ddl).toContain('CREATE TABLE "items" (');
    expect(ddl).toContain('  "id" INTEGER NOT NULL,');
    expect(ddl).toContain('  "na""me" TEXT,');
    expect(ddl).toContain('  "big" BIGINT NOT NULL,');
    expect(ddl).toContain('  "when" DATE NOT NULL,');
    expect(ddl).toContain('  PRIMARY KEY ("id")');
  });
});
