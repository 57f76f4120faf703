/** What a modal may not hold to be removed: the page's main landmark or article. */
const CONTENT = 'main, article, [role="main"]';

/**
 * Removes the page's modal dialogs: elements that say they are one (`aria-modal="true"`), holding
 * neither the page's first `<h1>` (its heading; a policy in a modal has headings of its own) nor a
 * `<main>`, `<article>` or `role=main`. A modal is shown over the page when a reader asks for
 * it (a shop's refund policy, privacy policy and terms behind the links of its footer, a size guide,
 * a newsletter sign-up); its text is not the page's, however long. A shop's category page carried
 * its whole privacy policy in one (allbirds, 16,000 words beside a grid of 41 shoes), which also
 * outweighed its `<main>` and had the body read as the region. `role=dialog` and `<dialog>` are
 * chrome by the region's rules already, within their size cap; a modal goes whatever its size.
 * Changes the document: call it on a fresh parse.
 */
export function dropModalDialogs(root: Element): number {
  const modals: Element[] = [];
  const heading = root.querySelector('h1');
  // In document order, so an outer modal comes before the ones it holds.
  for (const element of Array.from(root.querySelectorAll('[aria-modal]'))) {
    if (modals.some((modal) => modal.contains(element)) || !isModalDialog(element)) continue;
    if (heading === null || !element.contains(heading)) modals.push(element);
  }
  for (const modal of modals) modal.remove();
  return modals.length;
}

function isModalDialog(element: Element): boolean {
  return (
    element.getAttribute('aria-modal')?.trim().toLowerCase() === 'true' &&
    element.querySelector(CONTENT) === null
  );
}
