/** Lower-case words of a text (letters and digits, inner apostrophes and hyphens kept). */
export function toWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** A word: letters, digits and underscores, with inner apostrophes and hyphens. */
export const WORD = /[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu;

/** Whether a word carries content (not a stop word, not a bare number, long enough). */
export function isContentWord(word: string): boolean {
  if (word.length < 3 || STOP_WORDS.has(word)) return false;
  // Numbers, dates and ids ("2025-11-03t08", "req_128b2f33") are not topics.
  const digits = word.replace(/\P{N}/gu, '').length;
  return digits * 10 < word.length * 4 && /\p{L}/u.test(word);
}

// Function words of en, de, fr, es, it, nl, pt: small lists, enough to keep keywords meaningful.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can can't cannot could did do does doing done down during each else etc even ever
every false true null few first second third two three four five six seven eight nine ten for from further get gets got had has have having he her here hers herself him himself his how however
i if in into is isn't it it's its itself just let like made make many may me might more most much must my myself
need new no nor not now of off often on once one only or other our ours ourselves out over own per rather same
shall she should since so some such than that the their theirs them themselves then there these they this those
though through thus to too under until up upon us use used uses using very via was we well were what when where
whether which while who whom whose why will with within without would yet you your yours yourself also
der die das den dem des ein eine einer eines einem einen und oder aber auch als am an auf aus bei bin bis bist da
damit dann dass daß dein deine dich dir doch dort du durch er es euch für hat hatte hier ich ihr ihre im ist ja
jede jeder jedes kann kein keine man mehr mein meine mich mir mit muss nach nicht nichts noch nur ob ohne sehr
sein seine sich sie sind so über um uns unter vom von vor war waren was weil wenn wer werden wie wir wird wo zu
zum zur zwischen viele vielen mehrere etwa sowie bereits seit schon immer wurde wurden
le la les un une des du de et ou mais aussi au aux avec ce ces cet cette dans elle elles en est été être il ils je
leur leurs lui mais me même mes moi mon ne nos notre nous on ont par pas pour qu que qui sa sans se ses son sont
sur ta te tes toi ton tous tout très tu une vos votre vous
el los las unos unas y o pero como con del desde donde el ella ellos en entre era es esta este esto estos fue
ha han hasta las le les lo más me mi muy nos para por porque que se ser si sin sobre su sus también te tiene todo
tu un una uno ya
il lo gli uno una di da con su per tra fra che chi cui non più come anche ma sono è ho hai ha abbiamo hanno nel
nella nei delle degli della dello questo questa quello quella
het een en of maar ook als bij dan dat deze die dit door er geen heb heeft hij hoe ik in is je kan met na naar
niet nog om ons onze op over te tot uit van voor was wat we wel wie wij zal ze zich zijn zo
o os as um uma uns umas e ou mas com como da das do dos em na nas no nos para pela pelo por que se sem ser seu sua
são também um uma você foi é está
`.split(/\s+/u),
);
