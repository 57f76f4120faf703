import type { PageBox } from '@transmute/plugin-sdk';
import type { Box, PageLayout } from './layout-types.js';

/**
 * A box normalized to its page (0..1, top-left origin, clamped to the page); undefined when there
 * is no box or the page has no size.
 */
export function toPageBox(box: Box | undefined, page: PageLayout): PageBox | undefined {
  const { width, height } = page;
  if (box === undefined || width === undefined || height === undefined || width <= 0 || height <= 0)
    return undefined;
  const clamp = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  return {
    page: page.page,
    box: [clamp(box.x0 / width), clamp(box.top / height), clamp(box.x1 / width), clamp(box.bottom / height)],
  };
}
