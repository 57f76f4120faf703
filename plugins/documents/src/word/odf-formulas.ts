import type { Html } from 'mdast';
import { dropExternalDoctype } from '../internal/drop-external-doctype.js';
import { isObjectContent } from '../internal/odf-object-parts.js';
import { firstElement, parseXml, type XmlElement } from '../internal/parse-xml.js';
import { isDisplayMath, mathmlToLatex, type MathNode } from '../internal/mathml-to-latex.js';
import type { OfficePackage } from '../internal/open-package.js';

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

function toMathNode(element: XmlElement): MathNode {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attributes)) attributes[localName(name)] = value;
  return {
    name: localName(element.name),
    attributes,
    children: element.children.map((child) => (typeof child === 'string' ? child : toMathNode(child))),
  };
}

/** A `math:math` element as LaTeX; its StarMath annotation when the markup gives nothing. */
export function formulaLatex(math: XmlElement): string {
  const node = toMathNode(math);
  const latex = mathmlToLatex(node);
  if (latex !== '') return latex;
  const annotation = (element: MathNode): string | undefined => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.name === 'annotation')
        return child.children
          .filter((text) => typeof text === 'string')
          .join('')
          .trim();
      const found = annotation(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return annotation(node) ?? '';
}

/** The formula as the markdown node the readers write equations with (`$…$`, `$$…$$` for display). */
export function formulaNode(math: XmlElement): Html {
  const latex = formulaLatex(math);
  return { type: 'html', value: isDisplayMath(toMathNode(math)) ? `$$${latex}$$` : `$${latex}$` };
}

/** `./Object 1`, `Object 1/` → the object's folder in the package, `Object 1`. */
export const objectFolder = (href: string): string => href.replace(/^\.\//, '').replace(/\/$/, '');

/**
 * The package's embedded formula objects (`draw:object` sub-documents whose `content.xml` is a
 * MathML `math:math`), by folder, read before the body so that a frame can be written as its
 * formula rather than as the replacement image LibreOffice stores beside it.
 */
export async function readFormulaObjects(pkg: OfficePackage): Promise<Map<string, XmlElement>> {
  const formulas = new Map<string, XmlElement>();
  for (const name of pkg.names) {
    if (!isObjectContent(name)) continue;
    // LibreOffice writes its MathML DTD's external DOCTYPE into each formula; it is never read.
    const content = parseXml(dropExternalDoctype(await pkg.readText(name)), name);
    const math = localName(content.name) === 'math' ? content : firstElement(content, 'math:math');
    if (math !== undefined) formulas.set(name.slice(0, -'/content.xml'.length), math);
  }
  return formulas;
}
