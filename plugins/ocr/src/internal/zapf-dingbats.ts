/**
 * The ZapfDingbats font's built-in encoding as Unicode, codes 0x20 to 0xFF (U+FFFD where a code
 * has no glyph): Adobe's ZapfDingbats encoding and its glyph list, as pdf.js carries them
 * (`ZapfDingbatsEncoding` and `getDingbatsGlyphsUnicode`, Apache-2.0).
 */
const ZAPF_DINGBATS =
  ' ✁✂✃✄☎✆✇✈✉☛☞✌✍✎✏✐✑✒✓✔✕✖✗✘✙✚✛✜✝✞✟✠✡✢✣✤✥✦✧★✩✪✫✬✭✮✯✰✱✲✳✴✵✶✷✸✹✺✻✼✽✾✿❀❁❂❃❄❅❆❇❈❉❊❋●❍■❏❐❑❒▲▼◆❖◗❘❙❚❛❜❝❞\ufffd❨❩❪❫❬❭❮❯❰❱❲❳❴❵\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd❡❢❣❤❥❦❧♣♦♥♠①②③④⑤⑥⑦⑧⑨⑩❶❷❸❹❺❻❼❽❾❿➀➁➂➃➄➅➆➇➈➉➊➋➌➍➎➏➐➑➒➓➔→↔↕➘➙➚➛➜➝➞➟➠➡➢➣➤➥➦➧➨➩➪➫➬➭➮➯\ufffd➱➲➳➴➵➶➷➸➹➺➻➼➽➾\ufffd';

/** Whether a font's name (as pdf.js reports it) is a ZapfDingbats font, subset prefix or not. */
export function isZapfDingbatsName(name: string): boolean {
  return /(?:^|\+)(?:ITC)?ZapfDingbats|Dingbats$/i.test(name);
}

/**
 * Maps text that pdf.js left as bare character codes of a ZapfDingbats font (it does for the
 * standard font without an embedded program: "3" for ✓) to the dingbats those codes draw. Code
 * points above 0xFF (already Unicode) and codes without a glyph are left as they are.
 */
export function fromZapfDingbats(text: string): string {
  let mapped = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const dingbat = code >= 0x20 && code <= 0xff ? ZAPF_DINGBATS.charAt(code - 0x20) : '';
    mapped += dingbat === '' || dingbat === '\ufffd' ? character : dingbat;
  }
  return mapped;
}
