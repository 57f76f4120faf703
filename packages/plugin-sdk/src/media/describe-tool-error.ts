/**
 * The last line ffmpeg/ffprobe printed, without the paths it names: a reason a user can read,
 * with no server internals (where the bytes are stored) in the file's or job's warnings.
 */
export function describeToolError(stderr: string, paths: readonly string[], fallback: string): string {
  let line = stderr.trim().split('\n').pop()?.trim() ?? '';
  for (const path of paths) line = line.split(path).join('the file');
  line = line.replace(/\[[a-z0-9_,]+ @ 0x[0-9a-f]+\]\s*/gi, '').replace(/(?:\/[\w.-]+)+/g, 'the file');
  return line === '' ? fallback : line;
}
