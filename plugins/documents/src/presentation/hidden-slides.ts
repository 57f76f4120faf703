import type { ReadContext } from '../internal/format-reader.js';

/** A hidden slide, skipped: its position and title. */
export interface HiddenSlide {
  number: number;
  title: string;
}

/** One warning naming every hidden slide that was skipped. */
export function warnHiddenSlides(hidden: HiddenSlide[], ctx: ReadContext): void {
  if (hidden.length === 0) return;
  const names = hidden.map((slide) =>
    slide.title === '' ? `slide ${String(slide.number)}` : `slide ${String(slide.number)} ("${slide.title}")`,
  );
  const plural = hidden.length === 1 ? 'is hidden and was' : 'are hidden and were';
  ctx.warn('hidden_slides_skipped', `${names.join(', ')} ${plural} skipped.`);
}
