import { readFileSync } from 'node:fs';

/** One Dockerfile instruction: `COPY --from=build /app /app` → { keyword: 'COPY', flags, args }. */
export interface DockerInstruction {
  keyword: string;
  /** `--name=value` flags before the arguments. */
  flags: Record<string, string>;
  /** The arguments: a JSON (exec) form's array, else the words of the shell form. */
  args: string[];
  /** The text after the keyword, continuation lines joined. */
  text: string;
}

/** A build stage: its `FROM` image, `AS` name and instructions. */
export interface DockerStage {
  image: string;
  name: string;
  instructions: DockerInstruction[];
}

function toInstruction(line: string): DockerInstruction {
  const keyword = line.split(/\s+/)[0] ?? '';
  let text = line.slice(keyword.length).trim();
  const flags: Record<string, string> = {};
  for (
    let flag = /^--([a-z-]+)=(\S+)\s*/i.exec(text);
    flag !== null;
    flag = /^--([a-z-]+)=(\S+)\s*/i.exec(text)
  ) {
    flags[flag[1] ?? ''] = flag[2] ?? '';
    text = text.slice(flag[0].length);
  }
  const args = text.startsWith('[') ? (JSON.parse(text) as string[]) : text.split(/\s+/).filter(Boolean);
  return { keyword: keyword.toUpperCase(), flags, args, text: line.slice(keyword.length).trim() };
}

/**
 * Reads a Dockerfile into its stages (enough of the format for the checks of the deployment
 * recipes: comments dropped, `\` continuations joined, flags and exec-form arguments parsed).
 */
export function readDockerfile(path: string): DockerStage[] {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\n(\s*#.*\n)*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const instruction of lines.map(toInstruction)) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args;
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? (name ?? '') : '', instructions: [] });
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** True when a `.dockerignore` pattern list leaves `path` (relative to the context) out. */
export function isDockerIgnored(patterns: readonly string[], path: string): boolean {
  const segments = path.split('/');
  return patterns.some((pattern) => {
    if (pattern.startsWith('**/')) return segments.includes(pattern.slice(3));
    if (pattern.includes('*'))
      return new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(segments[0] ?? '');
    return path === pattern || path.startsWith(`${pattern}/`);
  });
}
