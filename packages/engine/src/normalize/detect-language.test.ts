import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.js';

describe('detectLanguage', () => {
  it('reports ISO 639-1 codes for prose', () => {
    expect(
      detectLanguage('The committee published its annual report on the state of the rivers and the lakes.'),
    ).toBe('en');
    expect(
      detectLanguage(
        'Der Ausschuss hat seinen Jahresbericht über den Zustand der Flüsse und Seen veröffentlicht.',
      ),
    ).toBe('de');
  });

  it('detects Estonian and Latvian, which franc reports under individual-language codes', () => {
    expect(
      detectLanguage(
        'Igaühel on õigus haridusele. Haridus peab olema tasuta vähemalt alg- ja üldhariduse osas. ' +
          'Algharidus peab olema kohustuslik. Tehniline ja kutseharidus peavad olema üldiselt kättesaadavad.',
      ),
    ).toBe('et');
    expect(
      detectLanguage(
        'Ikvienam cilvēkam ir tiesības uz izglītību. Izglītībai jābūt bezmaksas, vismaz pamatizglītībai. ' +
          'Pamatizglītībai jābūt obligātai. Tehniskajai un profesionālajai izglītībai jābūt vispārpieejamai.',
      ),
    ).toBe('lv');
  });

  it('answers undefined for samples too short to tell', () => {
    expect(detectLanguage('ok')).toBeUndefined();
    expect(detectLanguage('   short text   ')).toBeUndefined();
    expect(detectLanguage('Harvest 2026\nPrices\n')).toBeUndefined();
  });

  it('answers undefined when the runner-up is as likely as the winner (a sheet of names and numbers)', () => {
    const sheet =
      'Harvest 2026\nNorth valley harvest\nHive Checked Honey (kg) Share\nNorth 2026-04-02 14 35.0%\n' +
      'South 2026-04-09 26 65.0%\nTotal 40 100.0%\nPrices\nHoney Price per jar\nAcacia 12.50\nChestnut 9.00';
    expect(detectLanguage(sheet)).toBeUndefined();
    expect(detectLanguage('Order the queens from Lyon and mark every one of them in blue.')).toBe('en');
  });

  it('leaves addresses and tags out of the sample: they are written the same in every language', () => {
    expect(
      detectLanguage('Contact test.sender@example.com or see http://example.com - a dash <rss> tag'),
    ).toBeUndefined();
    expect(
      detectLanguage(
        'Read the committee report at https://example.org/reports/rivers-and-lakes.pdf before the meeting on Monday.',
      ),
    ).toBe('en');
  });
});
