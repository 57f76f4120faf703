/**
 * Excel number formats: a cell's value as Excel displays it. Built-in ids 0–49 and custom format
 * codes with sections (`pos;neg;zero;text`), digit placeholders (0 # ?), grouping and scaling
 * commas, percent, scientific (E+), fractions, quoted and escaped literals, colours and
 * conditions (dropped), and date/time codes (y m d h s, AM/PM, elapsed [h]).
 */

/**
 * The built-in formats (ECMA-376 part 1, 18.8.30). Ids 14 and 22 are locale-dependent short dates
 * in Excel; they are shown as ISO dates here so a date is never ambiguous.
 */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '"$"#,##0_);\\("$"#,##0\\)',
  6: '"$"#,##0_);[Red]\\("$"#,##0\\)',
  7: '"$"#,##0.00_);\\("$"#,##0.00\\)',
  8: '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)',
  42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)',
  44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The format code of a built-in id (undefined for ids Excel leaves to the locale). */
export function builtInFormat(id: number): string | undefined {
  return BUILT_IN_FORMATS[id];
}

type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'digit'; char: '0' | '#' | '?' }
  | { kind: 'point' }
  | { kind: 'comma' }
  | { kind: 'percent' }
  | { kind: 'exponent'; sign: '+' | '-' }
  | { kind: 'slash' }
  | { kind: 'text' }
  | { kind: 'general' }
  | { kind: 'date'; code: string }
  | { kind: 'ampm'; short: boolean }
  | { kind: 'elapsed'; unit: 'h' | 'm' | 's'; width: number }
  | { kind: 'subsecond'; digits: number };

interface Section {
  tokens: Token[];
  isDate: boolean;
  condition?: { operator: string; operand: number };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Splits a code at the `;` that are not quoted, escaped or bracketed. */
function splitSections(code: string): string[] {
  const sections: string[] = [];
  let current = '';
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index] ?? '';
    if (char === '"') {
      const end = code.indexOf('"', index + 1);
      const stop = end === -1 ? code.length : end;
      current += code.slice(index, stop + 1);
      index = stop;
    } else if (char === '\\' || char === '_' || char === '*') {
      current += code.slice(index, index + 2);
      index += 1;
    } else if (char === '[') {
      const end = code.indexOf(']', index);
      const stop = end === -1 ? code.length : end;
      current += code.slice(index, stop + 1);
      index = stop;
    } else if (char === ';') {
      sections.push(current);
      current = '';
    } else current += char;
  }
  sections.push(current);
  return sections;
}

/** `[$€-407]` → `€`; colours, locales and conditions leave nothing behind. */
function bracketLiteral(inside: string): string {
  if (!inside.startsWith('$')) return '';
  const dash = inside.indexOf('-');
  return dash === -1 ? inside.slice(1) : inside.slice(1, dash);
}

function tokenize(code: string): Section {
  const tokens: Token[] = [];
  let condition: Section['condition'];
  let index = 0;
  const push = (token: Token): void => {
    tokens.push(token);
  };
  while (index < code.length) {
    const char = code[index] ?? '';
    const lower = char.toLowerCase();
    if (char === '"') {
      const end = code.indexOf('"', index + 1);
      const stop = end === -1 ? code.length : end;
      push({ kind: 'literal', text: code.slice(index + 1, stop) });
      index = stop + 1;
    } else if (char === '\\') {
      push({ kind: 'literal', text: code[index + 1] ?? '' });
      index += 2;
    } else if (char === '_' || char === '*') {
      // Padding to a character's width and repeat-to-fill: no width to fill in plain text.
      index += 2;
    } else if (char === '[') {
      const end = code.indexOf(']', index);
      const stop = end === -1 ? code.length : end;
      const inside = code.slice(index + 1, stop);
      const elapsed = /^(h+|m+|s+)$/i.exec(inside);
      const compare = /^(<=|>=|<>|<|>|=)(-?[\d.]+)$/.exec(inside);
      if (elapsed !== null) {
        const unit = (elapsed[1] ?? 'h')[0]?.toLowerCase() as 'h' | 'm' | 's';
        push({ kind: 'elapsed', unit, width: inside.length });
      } else if (compare !== null) {
        condition = { operator: compare[1] ?? '=', operand: Number(compare[2]) };
      } else push({ kind: 'literal', text: bracketLiteral(inside) });
      index = stop + 1;
    } else if (code.slice(index, index + 7).toLowerCase() === 'general') {
      push({ kind: 'general' });
      index += 7;
    } else if (/^(a\/p|am\/pm)/i.test(code.slice(index))) {
      const short = code.slice(index, index + 3).toLowerCase() === 'a/p';
      push({ kind: 'ampm', short });
      index += short ? 3 : 5;
    } else if ('ymdhse'.includes(lower) && !(lower === 'e' && /^[eE][+-]/.test(code.slice(index)))) {
      let end = index;
      while (end < code.length && (code[end] ?? '').toLowerCase() === lower) end += 1;
      push({ kind: 'date', code: (lower === 'e' ? 'y' : lower).repeat(end - index) });
      index = end;
    } else if (char === '0' || char === '#' || char === '?') {
      push({ kind: 'digit', char });
      index += 1;
    } else if (char === '.') {
      push({ kind: 'point' });
      index += 1;
    } else if (char === ',') {
      push({ kind: 'comma' });
      index += 1;
    } else if (char === '%') {
      push({ kind: 'percent' });
      index += 1;
    } else if ((char === 'E' || char === 'e') && (code[index + 1] === '+' || code[index + 1] === '-')) {
      push({ kind: 'exponent', sign: code[index + 1] as '+' | '-' });
      index += 2;
    } else if (char === '/') {
      push({ kind: 'slash' });
      index += 1;
    } else if (char === '@') {
      push({ kind: 'text' });
      index += 1;
    } else {
      push({ kind: 'literal', text: char });
      index += 1;
    }
  }
  const isDate = tokens.some((token) => token.kind === 'date' || token.kind === 'elapsed');
  return {
    tokens: isDate ? dateTokens(tokens) : tokens,
    isDate,
    ...(condition !== undefined && { condition }),
  };
}

/** In a date section, `.0` after seconds is a fraction of a second, and digits are literal. */
function dateTokens(tokens: Token[]): Token[] {
  const result: Token[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (token.kind === 'point' && tokens[index + 1]?.kind === 'digit') {
      let digits = 0;
      while (tokens[index + 1 + digits]?.kind === 'digit') digits += 1;
      result.push({ kind: 'subsecond', digits });
      index += digits;
    } else if (token.kind === 'digit') result.push({ kind: 'literal', text: token.char });
    else if (token.kind === 'point') result.push({ kind: 'literal', text: '.' });
    else if (token.kind === 'comma') result.push({ kind: 'literal', text: ',' });
    else if (token.kind === 'slash') result.push({ kind: 'literal', text: '/' });
    else if (token.kind === 'percent') result.push({ kind: 'literal', text: '%' });
    else result.push(token);
  }
  return result;
}

const parsedCodes = new Map<string, Section[]>();

function sectionsOf(code: string): Section[] {
  let sections = parsedCodes.get(code);
  if (sections === undefined) {
    sections = splitSections(code).map(tokenize);
    if (parsedCodes.size > 10_000) parsedCodes.clear();
    parsedCodes.set(code, sections);
  }
  return sections;
}

/** Whether a format code shows numbers as dates or times. */
export function isDateFormat(code: string): boolean {
  return sectionsOf(code)[0]?.isDate ?? false;
}

function meets(value: number, condition: NonNullable<Section['condition']>): boolean {
  const { operator, operand } = condition;
  if (operator === '<') return value < operand;
  if (operator === '<=') return value <= operand;
  if (operator === '>') return value > operand;
  if (operator === '>=') return value >= operand;
  if (operator === '<>') return value !== operand;
  return value === operand;
}

/** The section for a number, and whether a minus sign goes before it (not in a negatives section). */
function pickSection(sections: Section[], value: number): { section: Section; signed: boolean } | undefined {
  const [first, second, third] = sections;
  if (first === undefined) return undefined;
  if (first.condition !== undefined) {
    if (meets(value, first.condition)) return { section: first, signed: true };
    if (second?.condition !== undefined && meets(value, second.condition))
      return { section: second, signed: true };
    const rest = second?.condition !== undefined ? third : second;
    return rest === undefined ? undefined : { section: rest, signed: true };
  }
  if (value < 0 && second !== undefined) return { section: second, signed: false };
  if (value === 0 && third !== undefined) return { section: third, signed: true };
  return { section: first, signed: true };
}

/** Excel's General format: integers as written, others to at most 11 characters. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) && magnitude < 1e11) return String(value);
  if (magnitude !== 0 && (magnitude >= 1e11 || magnitude < 1e-9)) {
    const [mantissa = '', exponent = '0'] = value.toExponential(5).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
    const power = Number(exponent);
    return `${trimmed}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  const digitsBeforePoint = Math.max(1, Math.floor(Math.log10(magnitude)) + 1);
  const decimals = Math.max(0, 10 - digitsBeforePoint - (value < 0 ? 1 : 0));
  return String(Number(value.toFixed(decimals)));
}

/**
 * The value as displayed by `code` (a format code, `General` when absent); `date1904` selects the
 * workbook's date system. Text values go through the text section (`@`).
 */
export function formatValue(value: number | string, code: string | undefined, date1904: boolean): string {
  const format = code ?? 'General';
  if (typeof value === 'string') return formatText(value, format);
  if (/^general$/i.test(format.trim())) return formatGeneral(value);
  const picked = pickSection(sectionsOf(format), value);
  if (picked === undefined) return formatGeneral(value);
  const { section, signed } = picked;
  if (section.tokens.length === 0) return '';
  if (section.isDate) return formatDate(value, section.tokens, date1904) ?? formatGeneral(value);
  // No digit placeholders (`General" kg"`, `"-"`, `@`): the literals around the General value.
  const literalOnly = section.tokens.every(
    (token) => token.kind === 'literal' || token.kind === 'text' || token.kind === 'general',
  );
  if (literalOnly) {
    const general = formatGeneral(signed ? value : Math.abs(value));
    return section.tokens
      .map((token) => (token.kind === 'literal' ? token.text : general))
      .join('')
      .trim();
  }
  const text = formatNumber(Math.abs(value), section.tokens).trim();
  return value < 0 && signed && /[1-9]/.test(text) ? `-${text}` : text;
}

function formatText(value: string, code: string): string {
  const sections = sectionsOf(code);
  const section =
    sections[3] ?? sections.find((candidate) => candidate.tokens.some((t) => t.kind === 'text'));
  if (section === undefined) return value;
  return section.tokens
    .map((token) => (token.kind === 'text' ? value : token.kind === 'literal' ? token.text : ''))
    .join('');
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Renders digits into placeholders right to left; the leftmost placeholder takes any overflow. */
function fillInteger(digits: string, tokens: Token[], grouped: boolean): string {
  if (grouped) {
    const placeholders = tokens.filter((token) => token.kind === 'digit');
    const zeroFrom = placeholders.findIndex((token) => token.char === '0');
    const padded = zeroFrom === -1 ? digits : digits.padStart(placeholders.length - zeroFrom, '0');
    const first = tokens.findIndex((token) => token.kind === 'digit');
    const last = tokens.findLastIndex((token) => token.kind === 'digit');
    return literalsOf(tokens.slice(0, first)) + groupThousands(padded) + literalsOf(tokens.slice(last + 1));
  }
  let remaining = digits;
  let out = '';
  const firstDigit = tokens.findIndex((token) => token.kind === 'digit');
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (token.kind === 'literal') out = token.text + out;
    else if (token.kind === 'digit') {
      if (index === firstDigit) {
        const empty = token.char === '0' ? '0' : token.char === '?' ? ' ' : '';
        out = (remaining.length > 0 ? remaining : empty) + out;
        remaining = '';
      } else {
        const digit = remaining.slice(-1);
        remaining = remaining.slice(0, -1);
        out = (digit !== '' ? digit : token.char === '0' ? '0' : token.char === '?' ? ' ' : '') + out;
      }
    }
  }
  return out;
}

function fillFraction(digits: string, tokens: Token[]): string {
  const placeholders = tokens.filter((token) => token.kind === 'digit');
  let shown = digits;
  // Trailing zeros disappear under # and become spaces under ?.
  for (let index = placeholders.length - 1; index >= 0; index -= 1) {
    const token = placeholders[index];
    if (token === undefined || shown[index] !== '0' || token.char === '0') break;
    shown = shown.slice(0, index) + (token.char === '?' ? ' ' : '') + shown.slice(index + 1);
  }
  let position = 0;
  return tokens
    .map((token) => {
      if (token.kind === 'literal') return token.text;
      if (token.kind !== 'digit') return '';
      const digit = shown[position] ?? '';
      position += 1;
      return digit;
    })
    .join('');
}

function literalsOf(tokens: Token[]): string {
  return tokens.map((token) => (token.kind === 'literal' ? token.text : '')).join('');
}

function formatNumber(magnitude: number, tokens: Token[]): string {
  if (tokens.some((token) => token.kind === 'slash')) return formatFraction(magnitude, tokens);
  const exponentAt = tokens.findIndex((token) => token.kind === 'exponent');
  const body = exponentAt === -1 ? tokens : tokens.slice(0, exponentAt);
  const pointAt = body.findIndex((token) => token.kind === 'point');
  const integerTokens = pointAt === -1 ? body : body.slice(0, pointAt);
  const fractionTokens = pointAt === -1 ? [] : body.slice(pointAt + 1);
  const lastDigit = integerTokens.findLastIndex((token) => token.kind === 'digit');
  // Commas right after the last integer placeholder (or the point) each divide by 1000.
  let scale = 0;
  for (let index = lastDigit + 1; integerTokens[index]?.kind === 'comma'; index += 1) scale += 1;
  if (pointAt === -1 && lastDigit === -1) scale = 0;
  const firstDigit = integerTokens.findIndex((token) => token.kind === 'digit');
  const grouped = integerTokens.some(
    (token, index) => token.kind === 'comma' && index > firstDigit && index < lastDigit,
  );
  const percents = tokens.filter((token) => token.kind === 'percent').length;
  // From here a percent sign is shown where the code puts it, like any literal.
  const shown = (part: Token[]): Token[] =>
    part.map((token) => (token.kind === 'percent' ? { kind: 'literal', text: '%' } : token));
  let number = (magnitude * 100 ** percents) / 1000 ** scale;
  const decimals = fractionTokens.filter((token) => token.kind === 'digit').length;
  let exponentText = '';
  if (exponentAt !== -1) {
    const exponentToken = tokens[exponentAt] as Extract<Token, { kind: 'exponent' }>;
    const integerPlaces = integerTokens.filter((token) => token.kind === 'digit').length;
    const engineering = integerPlaces > 1 && integerTokens.some((t) => t.kind === 'digit' && t.char === '#');
    let power = number === 0 ? 0 : Math.floor(Math.log10(number));
    power = engineering
      ? Math.floor(power / integerPlaces) * integerPlaces
      : power - Math.max(integerPlaces, 1) + 1;
    let mantissa = number / 10 ** power;
    if (Number(mantissa.toFixed(decimals)) >= 10 ** Math.max(integerPlaces, 1) && !engineering) {
      power += 1;
      mantissa = number / 10 ** power;
    }
    number = mantissa;
    const exponentTokens = tokens.slice(exponentAt + 1);
    const exponentDigits = exponentTokens.filter((token) => token.kind === 'digit').length;
    const sign = power < 0 ? '-' : exponentToken.sign === '+' ? '+' : '';
    exponentText = `E${sign}${String(Math.abs(power)).padStart(exponentDigits, '0')}${literalsOf(shown(exponentTokens))}`;
  }
  const fixed = number.toFixed(decimals);
  const [integerDigits = '0', fractionDigits = ''] = fixed.split('.');
  const integerPart = fillInteger(integerDigits === '0' ? '' : integerDigits, shown(integerTokens), grouped);
  const fractionPart = fillFraction(fractionDigits, shown(fractionTokens));
  return integerPart + (pointAt === -1 ? '' : '.') + fractionPart + exponentText;
}

/** `# ?/?`: a whole part and the closest fraction whose denominator fits the placeholders. */
function formatFraction(magnitude: number, tokens: Token[]): string {
  const slashAt = tokens.findIndex((token) => token.kind === 'slash');
  const denominatorTokens = tokens.slice(slashAt + 1);
  const denominatorPlaces = denominatorTokens.filter((token) => token.kind === 'digit').length;
  const fixedDenominator = Number(
    denominatorTokens
      .filter((token): token is { kind: 'literal'; text: string } => token.kind === 'literal')
      .map((token) => token.text)
      .join('')
      .trim(),
  );
  const before = tokens.slice(0, slashAt);
  const spaceAt = before.findIndex((token) => token.kind === 'literal' && token.text === ' ');
  const hasWhole = spaceAt !== -1;
  const whole = hasWhole ? Math.floor(magnitude) : 0;
  const rest = magnitude - whole;
  let best = { numerator: 0, denominator: 1 };
  if (Number.isInteger(fixedDenominator) && fixedDenominator > 0) {
    best = { numerator: Math.round(rest * fixedDenominator), denominator: fixedDenominator };
  } else {
    const limit = 10 ** Math.max(1, denominatorPlaces) - 1;
    let error = Infinity;
    for (let denominator = 1; denominator <= limit; denominator += 1) {
      const numerator = Math.round(rest * denominator);
      const distance = Math.abs(rest - numerator / denominator);
      if (distance < error - 1e-12) {
        error = distance;
        best = { numerator, denominator };
      }
    }
  }
  const wholeText = hasWhole && whole > 0 ? String(whole) : '';
  if (best.numerator === 0) return wholeText === '' ? '0' : wholeText;
  const fraction = `${String(best.numerator)}/${String(best.denominator)}`;
  return wholeText === '' ? fraction : `${wholeText} ${fraction}`;
}

const MS_PER_DAY = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

interface DateParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
  subsecond: number;
  serial: number;
}

/** A date serial in its parts; 1900 system keeps Excel's 29 February 1900 (serial 60). */
function dateParts(serial: number, date1904: boolean, subsecondDigits: number): DateParts | undefined {
  if (serial < 0 || serial > 2_958_466) return undefined;
  const unit = 10 ** subsecondDigits;
  const totalUnits = Math.round(serial * 86_400 * unit);
  const days = Math.floor(totalUnits / (86_400 * unit));
  const dayUnits = totalUnits - days * 86_400 * unit;
  const seconds = Math.floor(dayUnits / unit);
  const time = {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor(seconds / 60) % 60,
    seconds: seconds % 60,
    subsecond: dayUnits % unit,
    serial,
  };
  if (!date1904 && days === 60) return { year: 1900, month: 2, day: 29, weekday: 3, ...time };
  const epochDays = date1904 ? days : days < 60 ? days + 1 : days;
  const date = new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + epochDays * MS_PER_DAY);
  if (!date1904 && days === 0) return { year: 1900, month: 1, day: 0, weekday: 6, ...time };
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    ...time,
  };
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** `m`/`mm` are minutes right after an hour or right before a second, else months. */
function isMinute(tokens: Token[], index: number): boolean {
  for (let back = index - 1; back >= 0; back -= 1) {
    const token = tokens[back];
    if (token?.kind === 'date') {
      if (token.code.startsWith('h')) return true;
      break;
    }
    if (token?.kind === 'elapsed') return token.unit === 'h';
  }
  for (let ahead = index + 1; ahead < tokens.length; ahead += 1) {
    const token = tokens[ahead];
    if (token?.kind === 'date') return token.code.startsWith('s');
    if (token?.kind === 'elapsed') return token.unit === 's';
  }
  return false;
}

function formatDate(serial: number, tokens: Token[], date1904: boolean): string | undefined {
  const subsecondDigits = tokens.reduce(
    (digits, token) => (token.kind === 'subsecond' ? Math.max(digits, token.digits) : digits),
    0,
  );
  const parts = dateParts(serial, date1904, subsecondDigits);
  if (parts === undefined) return undefined;
  const twelveHour = tokens.some((token) => token.kind === 'ampm');
  let out = '';
  tokens.forEach((token, index) => {
    if (token.kind === 'literal') out += token.text;
    else if (token.kind === 'ampm') {
      const pm = parts.hours >= 12;
      out += token.short ? (pm ? 'P' : 'A') : pm ? 'PM' : 'AM';
    } else if (token.kind === 'subsecond') {
      out += `.${String(parts.subsecond).padStart(subsecondDigits, '0').slice(0, token.digits)}`;
    } else if (token.kind === 'elapsed') {
      const totalSeconds = Math.round(parts.serial * 86_400);
      const amount =
        token.unit === 'h'
          ? Math.floor(totalSeconds / 3600)
          : token.unit === 'm'
            ? Math.floor(totalSeconds / 60)
            : totalSeconds;
      out += String(amount).padStart(token.width, '0');
    } else if (token.kind === 'date') {
      out += datePart(token.code, parts, twelveHour, isMinute(tokens, index));
    }
  });
  return out;
}

function datePart(code: string, parts: DateParts, twelveHour: boolean, minute: boolean): string {
  const kind = code[0];
  const width = code.length;
  if (kind === 'y') return width <= 2 ? two(parts.year % 100) : String(parts.year);
  if (kind === 'd') {
    if (width === 1) return String(parts.day);
    if (width === 2) return two(parts.day);
    const name = WEEKDAYS[parts.weekday] ?? '';
    return width === 3 ? name.slice(0, 3) : name;
  }
  if (kind === 'h') {
    const hours = twelveHour ? parts.hours % 12 || 12 : parts.hours;
    return width === 1 ? String(hours) : two(hours);
  }
  if (kind === 's') return width === 1 ? String(parts.seconds) : two(parts.seconds);
  if (minute && width <= 2) return width === 1 ? String(parts.minutes) : two(parts.minutes);
  if (width === 1) return String(parts.month);
  if (width === 2) return two(parts.month);
  const name = MONTHS[parts.month - 1] ?? '';
  if (width === 3) return name.slice(0, 3);
  if (width === 5) return name.slice(0, 1);
  return name;
}
