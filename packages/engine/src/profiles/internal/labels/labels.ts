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
