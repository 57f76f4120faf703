import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PYTHON_MODELS_PATH, renderPythonModels } from './render-python-models.js';

describe('the Python client models', () => {
  it('are the generation of the current contract (run scripts/generate-python-models.ts when stale)', () => {
    expect(readFileSync(PYTHON_MODELS_PATH, 'utf8')).toBe(renderPythonModels());
  });

  it('name every operation and schema of the contract', () => {
    const models = renderPythonModels();
    expect(models).toContain('"createJob": Operation("POST", "/v1/jobs", True),');
    expect(models).toContain('"getJob": Operation("GET", "/v1/jobs/{job_id}", False),');
    expect(models).toContain(
      'JobStatus = Literal["queued", "processing", "succeeded", "failed", "canceling", "canceled", "expired"]',
    );
    expect(models).toMatch(/^class Job\(_JobRequired, _JobOptional\):$/m);
    expect(models).toMatch(/^Source = Union\["TextSource", "UrlSource", "FilesSource"\]$/m);
  });
});
