import { describe, expect, it } from 'vitest';
import { codeLanguageOf, codeLanguageOfMediaType } from './code-language.js';

describe('codeLanguageOf', () => {
  it('names a file’s fence language by its name or its extension, in any case', () => {
    expect(codeLanguageOf('src/app.PY')).toBe('python');
    expect(codeLanguageOf('deploy/config.yml')).toBe('yaml');
    expect(codeLanguageOf('Dockerfile')).toBe('dockerfile');
    expect(codeLanguageOf('repo/.gitignore')).toBe('gitignore');
    expect(codeLanguageOf('server.log')).toBe('log');
  });

  it('is empty for what it does not know, a dot file included', () => {
    expect(codeLanguageOf('notes')).toBe('');
    expect(codeLanguageOf('.bashrc')).toBe('');
    expect(codeLanguageOf('photo.xyz')).toBe('');
  });
});

describe('codeLanguageOfMediaType', () => {
  it('names the fence language of a declared type of code or configuration, parameters and case aside', () => {
    expect(codeLanguageOfMediaType('application/yaml')).toBe('yaml');
    expect(codeLanguageOfMediaType('Text/X-Python; charset=utf-8')).toBe('python');
    expect(codeLanguageOfMediaType('application/x-sh')).toBe('bash');
  });

  it('is undefined for any other type, prose and documents included', () => {
    expect(codeLanguageOfMediaType('text/plain')).toBeUndefined();
    expect(codeLanguageOfMediaType('text/markdown')).toBeUndefined();
    expect(codeLanguageOfMediaType('application/pdf')).toBeUndefined();
  });
});
