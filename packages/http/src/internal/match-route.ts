import {
  API_OPERATIONS,
  PATH_PARAMETERS,
  isWellFormedId,
  type ApiOperation,
  type PathParameterName,
} from '@transmute/contract/operations';

/** Result of {@link matchRoute}. */
export type RouteMatch =
  | {
      kind: 'found';
      operation: ApiOperation;
      params: Partial<Record<PathParameterName, string>>;
      /** The not-found detail of the first malformed id; null when every id has its resource's shape. */
      malformedId: string | null;
      /** The first path parameter that is not percent-encoded UTF-8 (a 400, not a 404); null when none. */
      undecodable: PathParameterName | null;
    }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface CompiledRoute {
  operation: ApiOperation;
  segments: string[];
}

/** The contract's operation table, split into path segments once. */
const COMPILED: CompiledRoute[] = API_OPERATIONS.map((operation) => ({
  operation,
  segments: operation.path.split('/').slice(1),
}));

/** A path segment: as sent, and percent-decoded (null when it is not percent-encoded UTF-8). */
interface Segment {
  raw: string;
  decoded: string | null;
}

function toSegment(raw: string): Segment {
  try {
    return { raw, decoded: decodeURIComponent(raw) };
  } catch {
    return { raw, decoded: null };
  }
}

function matchSegments(pattern: string[], actual: Segment[]): Map<PathParameterName, Segment> | null {
  if (pattern.length !== actual.length) return null;
  const params = new Map<PathParameterName, Segment>();
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const segment = actual[i] ?? { raw: '', decoded: '' };
    if (expected.startsWith('{')) {
      if (segment.raw === '') return null;
      params.set(expected.slice(1, -1) as PathParameterName, segment);
    } else if (expected !== segment.decoded) {
      return null;
    }
  }
  return params;
}

/**
 * Matches a method and path against the contract's operation table. HEAD matches the GET route
 * (the handler drops the body). A known path with another method answers `method_not_allowed` with
 * the methods it does allow, HEAD included wherever GET is; ids are checked for their shape
 * separately (`malformedId`, `undecodable`), because a malformed id must answer 404 `not_found`
 * (and an id that is not even percent-encoded UTF-8 400 `invalid_parameter`) after authentication.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const actual = path.split('/').slice(1).map(toSegment);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const { operation, segments } of COMPILED) {
    const params = matchSegments(segments, actual);
    if (params === null) continue;
    if (operation.method === wanted) {
      const entries = [...params];
      const undecodable = entries.find(([, segment]) => segment.decoded === null)?.[0] ?? null;
      const values = entries.map(([name, segment]) => [name, segment.decoded ?? segment.raw] as const);
      const bad = values.find(([name, value]) => !isWellFormedId(name, value));
      const malformedId = bad === undefined ? null : PATH_PARAMETERS[bad[0]].notFound;
      return { kind: 'found', operation, params: Object.fromEntries(values), malformedId, undecodable };
    }
    allow.push(operation.method);
    if (operation.method === 'GET') allow.push('HEAD');
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
