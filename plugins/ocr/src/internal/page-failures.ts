import { TransmuteError, type FailureCode } from '@transmute/plugin-sdk';
import type { StageContext } from '@transmute/plugin-sdk';

/** Page timeouts tolerated before the whole document fails with `timeout`. */
const MAX_PAGE_TIMEOUTS = 3;
/** Unreadable pages tolerated (as warnings) before the whole document fails. */
const MAX_UNREADABLE_PAGES = 50;

/**
 * What a document does with pages that fail (PDF pages, TIFF pages): a page that times out or
 * cannot be read becomes a warning and is skipped, up to a bound; past it, or for any other
 * failure, the document fails with the page's error.
 */
export class PageFailures {
  private timeouts = 0;
  private unreadable = 0;
  /** The first page failure, to fail a document none of whose pages could be read. */
  first: TransmuteError | undefined;

  constructor(
    private readonly ctx: Pick<StageContext, 'warn'>,
    private readonly unreadableCodes: readonly FailureCode[],
  ) {}

  /** Warns about page `number`'s failure, or rethrows it. */
  absorb(error: unknown, number: number): void {
    if (!(error instanceof TransmuteError)) throw error;
    this.first ??= error;
    if (error.code === 'timeout' && ++this.timeouts < MAX_PAGE_TIMEOUTS) {
      this.ctx.warn('page_timeout', `page ${number} took longer than the time limit and was skipped.`);
    } else if (
      (this.unreadableCodes as readonly string[]).includes(error.code) &&
      ++this.unreadable <= MAX_UNREADABLE_PAGES
    ) {
      this.ctx.warn('page_unreadable', `page ${number} could not be read: ${error.message}`);
    } else {
      throw error;
    }
  }
}
