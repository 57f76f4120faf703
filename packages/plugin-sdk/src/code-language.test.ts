import { describe, expect, it } from 'vitest';
import { codeLanguageOf } from './code-language.js';

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
