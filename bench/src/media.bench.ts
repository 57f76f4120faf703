/**
 * Media benchmark (issue 7): real-time factor (processing time / media duration) of each available
 * transcription engine, and word error rate on human recordings, side by side in one run.
 * Engines: PocketSphinx (local default) always; the OpenAI-compatible endpoint and whisper.cpp when
 * configured through TRANSMUTE_TRANSCRIPTION_* / TRANSMUTE_WHISPER_* variables.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAudioSource } from '@transmute/plugin-audio';
import { createTranscriber, transcriptionConfigFromEnv, type Transcriber } from '@transmute/plugin-sdk/media';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';
import type { BenchReport } from './bench-report.js';

const TESTDATA = '/usr/share/pocketsphinx/test/data/librivox';
const FIXTURES = resolve(import.meta.dirname, '../../fixtures/media');

interface Recording {
  name: string;
  path: string;
  reference: string;
}

/** The five librivox recordings of pocketsphinx-testdata when installed, else the committed fixtures. */
function recordings(): Recording[] {
  const transcription = join(TESTDATA, 'transcription');
  if (existsSync(transcription)) {
    return readFileSync(transcription, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [, text = '', id = ''] = /<s> (.*) <\/s> \((.*)\)/.exec(line) ?? [];
        return { name: id, path: join(TESTDATA, `${id}.wav`), reference: text };
      });
  }
  return ['speech', 'austen'].map((name) => ({
    name,
    path: join(FIXTURES, `${name}.wav`),
    reference: readFileSync(join(FIXTURES, `${name}.expected.txt`), 'utf8').trim(),
  }));
}

/** Word error rate: word-level Levenshtein distance / reference length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = reference.toLowerCase().match(/[a-z']+/g) ?? [];
  const hyp = hypothesis.toLowerCase().match(/[a-z']+/g) ?? [];
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return (previous[hyp.length] ?? 0) / Math.max(1, ref.length);
}

function engines(): Transcriber[] {
  const list = [createTranscriber({ engine: 'pocketsphinx' })];
  const configured = transcriptionConfigFromEnv();
  if (configured.engine !== 'pocketsphinx') list.push(createTranscriber(configured));
  return list;
}

/** Runs the media benchmark: one row per engine. */
export async function run(): Promise<BenchReport> {
  const inputs = recordings();
  const rows: (string | number)[][] = [];
  for (const transcriber of engines()) {
    const health = await transcriber.health();
    if (!health.ok) {
      rows.push([transcriber.id, `unavailable: ${health.detail ?? ''}`, '', '', '']);
      continue;
    }
    const source = createAudioSource({ transcription: transcriber });
    let media = 0;
    let spent = 0;
    let wer = 0;
    for (const recording of inputs) {
      const ctx = createTestContext({ limits: { ...source.manifest.limits } });
      const size = statSync(recording.path).size;
      const file = { name: recording.name, mediaType: 'audio/wav', sizeBytes: size, path: recording.path };
      const started = performance.now();
      const doc = await source.extract(file, ctx);
      spent += (performance.now() - started) / 1000;
      media += doc.metadata.durationSeconds ?? 0;
      const paragraphs = doc.root.children.filter((n) => n.type === 'paragraph');
      wer += wordErrorRate(recording.reference, paragraphs.map((n) => toString(n)).join(' '));
    }
    const rtf = spent / Math.max(media, 1e-9);
    rows.push([
      transcriber.id,
      media.toFixed(1),
      spent.toFixed(2),
      rtf.toFixed(3),
      (wer / inputs.length).toFixed(3),
    ]);
  }
  return {
    title: `Media transcription: ${inputs.length} human recordings (real-time factor = processing / media time)`,
    columns: ['engine', 'media s', 'processing s', 'real-time factor', 'mean WER'],
    rows,
    notes: [
      'OpenAI-compatible and whisper.cpp engines join the table when configured (TRANSMUTE_TRANSCRIPTION_*).',
    ],
  };
}
