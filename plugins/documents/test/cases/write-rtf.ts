/** The header of the RTF report: code page, fonts, styles, list tables, document info. */
const HEADER = [
  String.raw`{\rtf1\ansi\ansicpg1252\deff0\uc1`,
  String.raw`{\fonttbl{\f0\froman\fcharset0 Times New Roman;}{\f1\fmodern\fcharset0 Courier New;}{\f2\fnil\fcharset2 Symbol;}}`,
  String.raw`{\colortbl;\red0\green0\blue0;\red0\green0\blue255;}`,
  String.raw`{\stylesheet{\ql\f0\fs24 Normal;}{\s1\ql\outlinelevel0\b\fs32\sbasedon0\snext0 heading 1;}`,
  String.raw`{\s2\ql\b\fs28\sbasedon0\snext0 heading 2;}{\s3\ql\f1\fs20\sbasedon0 Preformatted Text;}`,
  String.raw`{\*\cs10\additive Default Paragraph Font;}}`,
  String.raw`{\*\listtable{\list\listtemplateid1{\listlevel\levelnfc0\levelstartat1{\leveltext\'02\'00.;}{\levelnumbers\'01;}}`,
  String.raw`{\listlevel\levelnfc4\levelstartat1{\leveltext\'02\'01);}{\levelnumbers\'01;}}\listid10}`,
  String.raw`{\list\listtemplateid2{\listlevel\levelnfc23\levelstartat1{\leveltext\'01\u8226 ?;}{\levelnumbers;}}\listid20}}`,
  String.raw`{\*\listoverridetable{\listoverride\listid10\listoverridecount0\ls1}{\listoverride\listid20\listoverridecount0\ls2}}`,
  String.raw`{\info{\title Apiary field report}{\author Ana Lima}{\creatim\yr2026\mo1\dy15\hr9\min30}}`,
  String.raw`{\*\generator Transmute fixtures;}`,
].join('\n');

/** The body: every structure the RTF reader turns into markdown, and what it must leave out. */
const BODY = [
  String.raw`{\header\pard\plain\qr Internal draft \emdash do not circulate\par}`,
  String.raw`{\footer\pard\plain\qc Page {\field{\*\fldinst PAGE}{\fldrslt 1}}\par}`,
  String.raw`\pard\plain\s1 Spring inspection\par`,
  String.raw`\pard\plain The twelve hives of the north valley gave {\b 40 kg} of {\i acacia} honey` +
    String.raw`{\super\chftn}{\footnote\pard\plain{\super\chftn} Weighed on the apiary scale, frames included.}` +
    String.raw`. The method is on {\field{\*\fldinst HYPERLINK "https://example.com/apiary/method"}{\fldrslt{\ul\cf2 the apiary site}}}.\par`,
  String.raw`\pard\plain The caf\'e9 next door sells it at \u8364?12 a jar{\*\pict\pngblip\picw16\pich16 89504e470d0a1a0a}.\par`,
  String.raw`\pard\plain\s2 Next steps\par`,
  String.raw`{\listtext\pard\plain 1.\tab}\pard\plain\ls1\ilvl0 Requeen the weak colonies\par`,
  String.raw`{\listtext\pard\plain a)\tab}\pard\plain\ls1\ilvl1 Order queens from Lyon\par`,
  String.raw`{\listtext\pard\plain b)\tab}\pard\plain\ls1\ilvl1 Mark them in {\strike red} blue\par`,
  String.raw`{\listtext\pard\plain 2.\tab}\pard\plain\ls1\ilvl0 Move hives before the rape bloom\par`,
  String.raw`{\listtext\pard\plain\f2 \'b7\tab}\pard\plain\ls2\ilvl0 Check the mouse guards\par`,
  String.raw`\pard\plain\s3 weigh --hive north\par\pard\plain\s3 weigh --hive south\par`,
  String.raw`\trowd\cellx3000\cellx6000\cellx9000\pard\plain\intbl Hive\cell Spring\cell Summer\cell\row`,
  String.raw`\trowd\clvmgf\cellx3000\cellx6000\cellx9000\pard\plain\intbl North\cell 40 kg\cell 35 kg\cell\row`,
  String.raw`\trowd\clvmrg\cellx3000\clmgf\cellx6000\clmrg\cellx9000\pard\plain\intbl\cell Both seasons: 75 kg\cell\cell\row`,
  String.raw`\pard\plain\page\pard\plain\s2 Winter tasks\par`,
  String.raw`\pard\plain Fit the {\f1 mouse guards} before the first frost.\par}`,
].join('\n');

/**
 * A field report hand-written in RTF (Word's layout of one): a header and a footer that must not
 * show, document info, heading styles, bold / italic / strike runs, a footnote, a hyperlink field,
 * Windows-1252 bytes and a `\u` escape, a picture (one warning), a numbered list nested two levels
 * and a bullet list from the list table, code-style paragraphs, a table with cells merged across
 * and down, a page break.
 */
export function writeRtfReport(): Promise<Buffer> {
  return Promise.resolve(Buffer.from(`${HEADER}\n${BODY}\n`, 'latin1'));
}
