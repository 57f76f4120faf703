/** Unicode symbols of equations (Word's OMML, MathML), as LaTeX commands; any other character is written as it is. */
const LATEX_SYMBOLS: Readonly<Record<string, string>> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  θ: '\\theta',
  λ: '\\lambda',
  μ: '\\mu',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  τ: '\\tau',
  φ: '\\phi',
  ω: '\\omega',
  Δ: '\\Delta',
  Σ: '\\Sigma',
  Ω: '\\Omega',
  Π: '\\Pi',
  '×': '\\times',
  '·': '\\cdot',
  '÷': '\\div',
  '±': '\\pm',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '∞': '\\infty',
  '→': '\\to',
  '∈': '\\in',
  '∂': '\\partial',
  '∇': '\\nabla',
  '−': '-',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '⋅': '\\cdot',
};

/** `text` with each symbol of `LATEX_SYMBOLS` written as its command and a space. */
export function symbolsToLatex(text: string): string {
  let out = '';
  for (const character of text) {
    const symbol = LATEX_SYMBOLS[character];
    out += symbol === undefined ? character : `${symbol} `;
  }
  return out.replace(/ $/, '');
}

/** A group for a script or an argument: `{…}` unless it is one character. */
export const latexGroup = (latex: string): string => ([...latex].length === 1 ? latex : `{${latex}}`);
