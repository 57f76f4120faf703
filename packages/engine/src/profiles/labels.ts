/** Headings and labels of rendered profiles, in one language. */
export interface Labels {
  untitled: string;
  sourceFacts: string;
  type: string;
  size: string;
  language: string;
  words: string;
  readingTime: string;
  minutes: string;
  pages: string;
  duration: string;
  seconds: string;
  summary: string;
  noSummary: string;
  keyPoints: string;
  keywords: string;
  outline: string;
  noOutline: string;
  chunk: string;
  headingPath: string;
  tokens: string;
  citation: string;
  characters: string;
  page: string;
  time: string;
  rawSource: string;
  contextPack: string;
  keyFacts: string;
  excerpts: string;
  budget: string;
  evaluationSet: string;
  question: string;
  answer: string;
  context: string;
  noQuestions: string;
  schemaPlan: string;
  recordSets: string;
  noRecordSets: string;
  chunkPlan: string;
  column: string;
  nullable: string;
  examples: string;
  allowedValues: string;
  rows: string;
  primaryKey: string;
  yes: string;
  no: string;
  jsonSchema: string;
  sqlDdl: string;
  datasheet: string;
  composition: string;
  collection: string;
  fields: string;
  uses: string;
  limitations: string;
  files: string;
  records: string;
  /** One sentence describing a table (for sources that are data, not prose). */
  describeTable: (rows: number, fields: number, names: string) => string;
  /** A question about a topic of the source. */
  questionAbout: (topic: string) => string;
  /** "What is X?" (`plural` for are/were, `past` for was/were). */
  questionWhatIs: (subject: string, plural: boolean, past: boolean) => string;
}

const en: Labels = {
  untitled: 'Untitled',
  sourceFacts: 'Source facts',
  type: 'Type',
  size: 'Size',
  language: 'Language',
  words: 'Words',
  readingTime: 'Reading time',
  minutes: 'min',
  pages: 'Pages',
  duration: 'Duration',
  seconds: 's',
  summary: 'Summary',
  noSummary: 'The source has no sentences to summarize.',
  keyPoints: 'Key points',
  keywords: 'Keywords',
  outline: 'Outline',
  noOutline: 'The source has no headings.',
  chunk: 'Chunk',
  headingPath: 'Heading path',
  tokens: 'Tokens',
  citation: 'Citation',
  characters: 'characters',
  page: 'page',
  time: 'time',
  rawSource: 'Raw source',
  contextPack: 'Context pack',
  keyFacts: 'Key facts',
  excerpts: 'Excerpts',
  budget: 'Token budget',
  evaluationSet: 'Evaluation set',
  question: 'Question',
  answer: 'Answer',
  context: 'Context',
  noQuestions: 'No question could be grounded in the source.',
  schemaPlan: 'Schema plan',
  recordSets: 'Record sets',
  noRecordSets: 'No tables or record-like structures were found in the source.',
  chunkPlan: 'The plan below proposes a table for the document’s chunks instead.',
  column: 'Column',
  nullable: 'Nullable',
  examples: 'Examples',
  allowedValues: 'Allowed values',
  rows: 'Rows',
  primaryKey: 'primary key',
  yes: 'yes',
  no: 'no',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'SQL DDL',
  datasheet: 'Datasheet',
  composition: 'Composition',
  collection: 'Collection process',
  fields: 'Fields',
  uses: 'Uses',
  limitations: 'Limitations',
  files: 'Files',
  records: 'Records',
  describeTable: (rows, fields, names) => `A table of ${rows} records with ${fields} fields: ${names}.`,
  questionAbout: (topic) => `What does the source say about “${topic}”?`,
  questionWhatIs: (subject, plural, past) =>
    `What ${past ? (plural ? 'were' : 'was') : plural ? 'are' : 'is'} ${subject}?`,
};

const de: Labels = {
  untitled: 'Ohne Titel',
  sourceFacts: 'Angaben zur Quelle',
  type: 'Typ',
  size: 'Größe',
  language: 'Sprache',
  words: 'Wörter',
  readingTime: 'Lesezeit',
  minutes: 'Min.',
  pages: 'Seiten',
  duration: 'Dauer',
  seconds: 's',
  summary: 'Zusammenfassung',
  noSummary: 'Die Quelle enthält keine Sätze, die sich zusammenfassen lassen.',
  keyPoints: 'Kernpunkte',
  keywords: 'Schlüsselwörter',
  outline: 'Gliederung',
  noOutline: 'Die Quelle hat keine Überschriften.',
  chunk: 'Abschnitt',
  headingPath: 'Überschriftenpfad',
  tokens: 'Tokens',
  citation: 'Quellenangabe',
  characters: 'Zeichen',
  page: 'Seite',
  time: 'Zeit',
  rawSource: 'Rohtext der Quelle',
  contextPack: 'Kontextpaket',
  keyFacts: 'Wichtige Fakten',
  excerpts: 'Auszüge',
  budget: 'Token-Budget',
  evaluationSet: 'Evaluationsdatensatz',
  question: 'Frage',
  answer: 'Antwort',
  context: 'Kontext',
  noQuestions: 'Keine Frage ließ sich in der Quelle belegen.',
  schemaPlan: 'Schemaplan',
  recordSets: 'Datensätze',
  noRecordSets: 'In der Quelle wurden keine Tabellen oder datensatzartigen Strukturen gefunden.',
  chunkPlan: 'Der folgende Plan schlägt stattdessen eine Tabelle für die Abschnitte des Dokuments vor.',
  column: 'Spalte',
  nullable: 'Nullwerte',
  examples: 'Beispiele',
  allowedValues: 'Zulässige Werte',
  rows: 'Zeilen',
  primaryKey: 'Primärschlüssel',
  yes: 'ja',
  no: 'nein',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'SQL-DDL',
  datasheet: 'Datenblatt',
  composition: 'Zusammensetzung',
  collection: 'Erhebung',
  fields: 'Felder',
  uses: 'Verwendung',
  limitations: 'Einschränkungen',
  files: 'Dateien',
  records: 'Einträge',
  describeTable: (rows, fields, names) =>
    `Eine Tabelle mit ${rows} Datensätzen und ${fields} Feldern: ${names}.`,
  questionAbout: (topic) => `Was sagt die Quelle über „${topic}“?`,
  questionWhatIs: (subject, plural, past) =>
    `Was ${past ? (plural ? 'waren' : 'war') : plural ? 'sind' : 'ist'} ${subject}?`,
};

const fr: Labels = {
  untitled: 'Sans titre',
  sourceFacts: 'Informations sur la source',
  type: 'Type',
  size: 'Taille',
  language: 'Langue',
  words: 'Mots',
  readingTime: 'Temps de lecture',
  minutes: 'min',
  pages: 'Pages',
  duration: 'Durée',
  seconds: 's',
  summary: 'Résumé',
  noSummary: 'La source ne contient aucune phrase à résumer.',
  keyPoints: 'Points clés',
  keywords: 'Mots-clés',
  outline: 'Plan',
  noOutline: 'La source ne comporte aucun titre.',
  chunk: 'Segment',
  headingPath: 'Chemin des titres',
  tokens: 'Jetons',
  citation: 'Référence',
  characters: 'caractères',
  page: 'page',
  time: 'temps',
  rawSource: 'Texte brut de la source',
  contextPack: 'Dossier de contexte',
  keyFacts: 'Faits essentiels',
  excerpts: 'Extraits',
  budget: 'Budget de jetons',
  evaluationSet: "Jeu d'évaluation",
  question: 'Question',
  answer: 'Réponse',
  context: 'Contexte',
  noQuestions: "Aucune question n'a pu être fondée sur la source.",
  schemaPlan: 'Plan de schéma',
  recordSets: "Ensembles d'enregistrements",
  noRecordSets: "Aucun tableau ni aucune structure d'enregistrements n'a été trouvé dans la source.",
  chunkPlan: 'Le plan ci-dessous propose à la place une table pour les segments du document.',
  column: 'Colonne',
  nullable: 'Valeurs nulles',
  examples: 'Exemples',
  allowedValues: 'Valeurs autorisées',
  rows: 'Lignes',
  primaryKey: 'clé primaire',
  yes: 'oui',
  no: 'non',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'DDL SQL',
  datasheet: 'Fiche technique',
  composition: 'Composition',
  collection: 'Processus de collecte',
  fields: 'Champs',
  uses: 'Utilisations',
  limitations: 'Limites',
  files: 'Fichiers',
  records: 'Enregistrements',
  describeTable: (rows, fields, names) =>
    `Un tableau de ${rows} enregistrements à ${fields} champs : ${names}.`,
  questionAbout: (topic) => `Que dit la source à propos de « ${topic} » ?`,
  questionWhatIs: (subject, plural, past) =>
    `${past ? (plural ? 'Qu’étaient' : 'Qu’était') : plural ? 'Que sont' : 'Qu’est-ce que'} ${subject} ?`,
};

const es: Labels = {
  untitled: 'Sin título',
  sourceFacts: 'Datos de la fuente',
  type: 'Tipo',
  size: 'Tamaño',
  language: 'Idioma',
  words: 'Palabras',
  readingTime: 'Tiempo de lectura',
  minutes: 'min',
  pages: 'Páginas',
  duration: 'Duración',
  seconds: 's',
  summary: 'Resumen',
  noSummary: 'La fuente no contiene frases que resumir.',
  keyPoints: 'Puntos clave',
  keywords: 'Palabras clave',
  outline: 'Esquema',
  noOutline: 'La fuente no tiene encabezados.',
  chunk: 'Fragmento',
  headingPath: 'Ruta de encabezados',
  tokens: 'Tokens',
  citation: 'Cita',
  characters: 'caracteres',
  page: 'página',
  time: 'tiempo',
  rawSource: 'Texto original de la fuente',
  contextPack: 'Paquete de contexto',
  keyFacts: 'Datos clave',
  excerpts: 'Extractos',
  budget: 'Presupuesto de tokens',
  evaluationSet: 'Conjunto de evaluación',
  question: 'Pregunta',
  answer: 'Respuesta',
  context: 'Contexto',
  noQuestions: 'No se pudo fundamentar ninguna pregunta en la fuente.',
  schemaPlan: 'Plan de esquema',
  recordSets: 'Conjuntos de registros',
  noRecordSets: 'No se encontraron tablas ni estructuras de registros en la fuente.',
  chunkPlan: 'El plan siguiente propone en su lugar una tabla para los fragmentos del documento.',
  column: 'Columna',
  nullable: 'Admite nulos',
  examples: 'Ejemplos',
  allowedValues: 'Valores permitidos',
  rows: 'Filas',
  primaryKey: 'clave primaria',
  yes: 'sí',
  no: 'no',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'DDL de SQL',
  datasheet: 'Ficha técnica',
  composition: 'Composición',
  collection: 'Proceso de recopilación',
  fields: 'Campos',
  uses: 'Usos',
  limitations: 'Limitaciones',
  files: 'Archivos',
  records: 'Registros',
  describeTable: (rows, fields, names) => `Una tabla de ${rows} registros con ${fields} campos: ${names}.`,
  questionAbout: (topic) => `¿Qué dice la fuente sobre «${topic}»?`,
  questionWhatIs: (subject, plural, past) =>
    `¿Qué ${past ? (plural ? 'eran' : 'era') : plural ? 'son' : 'es'} ${subject}?`,
};

const it: Labels = {
  untitled: 'Senza titolo',
  sourceFacts: 'Dati della fonte',
  type: 'Tipo',
  size: 'Dimensione',
  language: 'Lingua',
  words: 'Parole',
  readingTime: 'Tempo di lettura',
  minutes: 'min',
  pages: 'Pagine',
  duration: 'Durata',
  seconds: 's',
  summary: 'Riassunto',
  noSummary: 'La fonte non contiene frasi da riassumere.',
  keyPoints: 'Punti chiave',
  keywords: 'Parole chiave',
  outline: 'Struttura',
  noOutline: 'La fonte non ha intestazioni.',
  chunk: 'Frammento',
  headingPath: 'Percorso delle intestazioni',
  tokens: 'Token',
  citation: 'Citazione',
  characters: 'caratteri',
  page: 'pagina',
  time: 'tempo',
  rawSource: 'Testo grezzo della fonte',
  contextPack: 'Pacchetto di contesto',
  keyFacts: 'Fatti principali',
  excerpts: 'Estratti',
  budget: 'Budget di token',
  evaluationSet: 'Set di valutazione',
  question: 'Domanda',
  answer: 'Risposta',
  context: 'Contesto',
  noQuestions: 'Nessuna domanda ha potuto essere fondata sulla fonte.',
  schemaPlan: 'Piano dello schema',
  recordSets: 'Insiemi di record',
  noRecordSets: 'Nella fonte non sono state trovate tabelle o strutture di record.',
  chunkPlan: 'Il piano seguente propone invece una tabella per i frammenti del documento.',
  column: 'Colonna',
  nullable: 'Valori nulli',
  examples: 'Esempi',
  allowedValues: 'Valori ammessi',
  rows: 'Righe',
  primaryKey: 'chiave primaria',
  yes: 'sì',
  no: 'no',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'DDL SQL',
  datasheet: 'Scheda tecnica',
  composition: 'Composizione',
  collection: 'Processo di raccolta',
  fields: 'Campi',
  uses: 'Usi',
  limitations: 'Limitazioni',
  files: 'File',
  records: 'Record',
  describeTable: (rows, fields, names) => `Una tabella di ${rows} record con ${fields} campi: ${names}.`,
  questionAbout: (topic) => `Che cosa dice la fonte su «${topic}»?`,
  questionWhatIs: (subject, plural, past) =>
    `Che cosa ${past ? (plural ? 'erano' : 'era') : plural ? 'sono' : 'è'} ${subject}?`,
};

const nl: Labels = {
  untitled: 'Zonder titel',
  sourceFacts: 'Gegevens over de bron',
  type: 'Type',
  size: 'Grootte',
  language: 'Taal',
  words: 'Woorden',
  readingTime: 'Leestijd',
  minutes: 'min',
  pages: "Pagina's",
  duration: 'Duur',
  seconds: 's',
  summary: 'Samenvatting',
  noSummary: 'De bron bevat geen zinnen om samen te vatten.',
  keyPoints: 'Kernpunten',
  keywords: 'Trefwoorden',
  outline: 'Opbouw',
  noOutline: 'De bron heeft geen koppen.',
  chunk: 'Fragment',
  headingPath: 'Koppenpad',
  tokens: 'Tokens',
  citation: 'Bronvermelding',
  characters: 'tekens',
  page: 'pagina',
  time: 'tijd',
  rawSource: 'Ruwe brontekst',
  contextPack: 'Contextpakket',
  keyFacts: 'Belangrijke feiten',
  excerpts: 'Fragmenten',
  budget: 'Tokenbudget',
  evaluationSet: 'Evaluatieset',
  question: 'Vraag',
  answer: 'Antwoord',
  context: 'Context',
  noQuestions: 'Er kon geen vraag in de bron worden onderbouwd.',
  schemaPlan: 'Schemaplan',
  recordSets: 'Recordsets',
  noRecordSets: 'Er zijn geen tabellen of recordachtige structuren in de bron gevonden.',
  chunkPlan:
    'Het onderstaande plan stelt in plaats daarvan een tabel voor de fragmenten van het document voor.',
  column: 'Kolom',
  nullable: 'Lege waarden',
  examples: 'Voorbeelden',
  allowedValues: 'Toegestane waarden',
  rows: 'Rijen',
  primaryKey: 'primaire sleutel',
  yes: 'ja',
  no: 'nee',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'SQL-DDL',
  datasheet: 'Gegevensblad',
  composition: 'Samenstelling',
  collection: 'Verzamelproces',
  fields: 'Velden',
  uses: 'Gebruik',
  limitations: 'Beperkingen',
  files: 'Bestanden',
  records: 'Records',
  describeTable: (rows, fields, names) => `Een tabel met ${rows} records en ${fields} velden: ${names}.`,
  questionAbout: (topic) => `Wat zegt de bron over ‘${topic}’?`,
  questionWhatIs: (subject, plural, past) =>
    `Wat ${past ? (plural ? 'waren' : 'was') : plural ? 'zijn' : 'is'} ${subject}?`,
};

const pt: Labels = {
  untitled: 'Sem título',
  sourceFacts: 'Dados da fonte',
  type: 'Tipo',
  size: 'Tamanho',
  language: 'Idioma',
  words: 'Palavras',
  readingTime: 'Tempo de leitura',
  minutes: 'min',
  pages: 'Páginas',
  duration: 'Duração',
  seconds: 's',
  summary: 'Resumo',
  noSummary: 'A fonte não contém frases para resumir.',
  keyPoints: 'Pontos-chave',
  keywords: 'Palavras-chave',
  outline: 'Estrutura',
  noOutline: 'A fonte não tem títulos.',
  chunk: 'Fragmento',
  headingPath: 'Caminho de títulos',
  tokens: 'Tokens',
  citation: 'Citação',
  characters: 'caracteres',
  page: 'página',
  time: 'tempo',
  rawSource: 'Texto bruto da fonte',
  contextPack: 'Pacote de contexto',
  keyFacts: 'Factos principais',
  excerpts: 'Excertos',
  budget: 'Orçamento de tokens',
  evaluationSet: 'Conjunto de avaliação',
  question: 'Pergunta',
  answer: 'Resposta',
  context: 'Contexto',
  noQuestions: 'Nenhuma pergunta pôde ser fundamentada na fonte.',
  schemaPlan: 'Plano de esquema',
  recordSets: 'Conjuntos de registos',
  noRecordSets: 'Não foram encontradas tabelas nem estruturas de registos na fonte.',
  chunkPlan: 'O plano abaixo propõe, em vez disso, uma tabela para os fragmentos do documento.',
  column: 'Coluna',
  nullable: 'Aceita nulos',
  examples: 'Exemplos',
  allowedValues: 'Valores permitidos',
  rows: 'Linhas',
  primaryKey: 'chave primária',
  yes: 'sim',
  no: 'não',
  jsonSchema: 'JSON Schema',
  sqlDdl: 'DDL SQL',
  datasheet: 'Ficha técnica',
  composition: 'Composição',
  collection: 'Processo de recolha',
  fields: 'Campos',
  uses: 'Utilizações',
  limitations: 'Limitações',
  files: 'Ficheiros',
  records: 'Registos',
  describeTable: (rows, fields, names) => `Uma tabela de ${rows} registos com ${fields} campos: ${names}.`,
  questionAbout: (topic) => `O que diz a fonte sobre «${topic}»?`,
  questionWhatIs: (subject, plural, past) =>
    `O que ${past ? (plural ? 'eram' : 'era') : plural ? 'são' : 'é'} ${subject}?`,
};

const TABLE = { en, de, fr, es, it, nl, pt } as const satisfies Record<string, Labels>;

/** The languages outputs can be rendered in (labels and headings), for getCapabilities. */
export const OUTPUT_LANGUAGES: readonly string[] = Object.freeze(Object.keys(TABLE));

/** The primary subtag of a BCP 47 tag, lower-cased, with common ISO 639-3 codes mapped to 639-1. */
export function toPrimaryLanguage(tag: string): string {
  const primary = (tag.split(/[-_]/)[0] ?? '').toLowerCase();
  return ISO_639_3[primary] ?? primary;
}

const ISO_639_3: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  ger: 'de',
  fra: 'fr',
  fre: 'fr',
  spa: 'es',
  ita: 'it',
  nld: 'nl',
  dut: 'nl',
  por: 'pt',
};

/** Labels for a requested language; `undefined` when the language is not one of {@link OUTPUT_LANGUAGES}. */
export function getLabels(language: string): Labels | undefined {
  const primary = toPrimaryLanguage(language);
  return Object.hasOwn(TABLE, primary) ? TABLE[primary as keyof typeof TABLE] : undefined;
}
