import type { AnalyzedSentence, DocumentAnalysis } from './analyze-document.js';
import { rankSentences, wordFrequencies } from './rank-sentences.js';

/** The extractive summary of a document: verbatim sentences chosen by TextRank. */
export interface DocumentSummary {
  /** The summary sentences, in document order. */
  summary: AnalyzedSentence[];
  /** Key points: the central sentence of the main sections (or the next-best sentences), in document order. */
  keyPoints: AnalyzedSentence[];
  /** Per section index: its summary sentences in document order. */
  sections: Map<number, AnalyzedSentence[]>;
  /** Sentence index → TextRank score (global ranking, top candidates only). */
  scores: Map<number, number>;
  /** Sentence indexes, most central first (global ranking). */
  ranked: number[];
}

const MAX_SUMMARY = 5;
const MAX_KEY_POINTS = 7;
const SECTION_CANDIDATES = 40;

/**
 * Ranks the document's sentences once globally (capped candidates) and once per section, and
 * picks the summary, key points and section summaries. Every chosen sentence is a span of the
 * document text, unchanged.
 */
export function summarizeDocument(analysis: DocumentAnalysis): DocumentSummary {
  const { sentences, sections } = analysis;
  const frequencies = wordFrequencies(sentences);
  const global = rankSentences(sentences, { frequencies });
  const scores = new Map(global.map((entry) => [entry.index, entry.score]));
  const ranked = global.map((entry) => entry.index);
  const summaryCount = Math.min(MAX_SUMMARY, Math.max(1, Math.ceil(ranked.length / 8)));
  const summaryIndexes = new Set(ranked.slice(0, summaryCount));
  const sectionSummaries = new Map<number, AnalyzedSentence[]>();
  const sectionBest: { index: number; score: number }[] = [];
  for (const section of sections) {
    const members = section.sentenceIndexes.map((index) => sentences[index]).filter(isSentence);
    const local = rankSentences(members, { frequencies, maxCandidates: SECTION_CANDIDATES });
    const take = Math.min(2, Math.max(1, Math.ceil(local.length / 6)));
    sectionSummaries.set(
      section.index,
      inOrder(
        local.slice(0, take).map((entry) => entry.index),
        sentences,
      ),
    );
    const best = local[0];
    if (best !== undefined)
      sectionBest.push({ index: best.index, score: scores.get(best.index) ?? best.score / 1000 });
  }
  return {
    summary: inOrder([...summaryIndexes], sentences),
    keyPoints: pickKeyPoints(sectionBest, ranked, summaryIndexes, sentences),
    sections: sectionSummaries,
    scores,
    ranked,
  };
}

function pickKeyPoints(
  sectionBest: { index: number; score: number }[],
  ranked: number[],
  summary: Set<number>,
  sentences: AnalyzedSentence[],
): AnalyzedSentence[] {
  const chosen = new Set<number>();
  if (sectionBest.length >= 3) {
    const best = [...sectionBest].sort((a, b) => b.score - a.score || a.index - b.index);
    for (const entry of best.slice(0, MAX_KEY_POINTS)) chosen.add(entry.index);
  }
  // Prefer sentences the summary does not already show; fall back to them on short sources.
  for (const index of ranked) {
    if (chosen.size >= Math.min(MAX_KEY_POINTS, Math.max(3, sectionBest.length))) break;
    if (!summary.has(index)) chosen.add(index);
  }
  if (chosen.size === 0) for (const index of summary) chosen.add(index);
  return inOrder([...chosen], sentences);
}

function inOrder(indexes: number[], sentences: AnalyzedSentence[]): AnalyzedSentence[] {
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => sentences[index])
    .filter(isSentence);
}

function isSentence(value: AnalyzedSentence | undefined): value is AnalyzedSentence {
  return value !== undefined;
}
