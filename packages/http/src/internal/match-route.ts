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

function matchSegments(pattern: string[], actual: string[]): Map<PathParameterName, string> | null {
  if (pattern.length !== actual.length) return null;
  const params = new Map<PathParameterName, string>();
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const value = actual[i] ?? '';
    if (expected.startsWith('{')) {
      if (value === '') return null;
      params.set(expected.slice(1, -1) as PathParameterName, value);
    } else if (expected !== value) {
      return null;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches a method and path against the contract's operation table. HEAD matches the GET route
 * (the handler drops the body). A known path with another method answers `method_not_allowed` with
 * the methods it does allow, HEAD included wherever GET is; ids are checked for their shape
 * separately (`malformedId`), because a malformed id must answer 404 `not_found` after
 * authentication.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const actual = path.split('/').slice(1).map(decodeSegment);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const { operation, segments } of COMPILED) {
    const params = matchSegments(segments, actual);
    if (params === null) continue;
    if (operation.method === wanted) {
      const bad = [...params].find(([name, value]) => !isWellFormedId(name, value));
      const malformedId = bad === undefined ? null : PATH_PARAMETERS[bad[0]].notFound;
      return { kind: 'found', operation, params: Object.fromEntries(params), malformedId };
    }
    allow.push(operation.method);
    if (operation.method === 'GET') allow.push('HEAD');
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
