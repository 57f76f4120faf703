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
  });
});
