import { objectSchema } from './common.js';
import type { JsonSchema } from './json-schema.js';

/** `page` of list responses and content pages; `has_more=false` ⇔ `next_cursor=null`. */
export const pageInfoSchema: JsonSchema = objectSchema({
  next_cursor: { type: ['string', 'null'], minLength: 1, maxLength: 512, description: 'Opaque cursor.' },
  has_more: { type: 'boolean' },
});

/** The page wrapper of the four list responses. */
export function listPageSchema(item: JsonSchema, description: string): JsonSchema {
  return objectSchema({ data: { type: 'array', items: item }, page: pageInfoSchema }, { description });
}
