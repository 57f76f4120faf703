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
  /** Per segment: the literal it must equal (decoded), or the path parameter it binds. */
  segments: ({ literal: string } | { param: PathParameterName })[];
}

/** The contract's operation table, split into path segments once and grouped by segment count. */
const BY_LENGTH = new Map<number, CompiledRoute[]>();
for (const operation of API_OPERATIONS) {
  const segments = operation.path
    .split('/')
    .slice(1)
    .map((part) =>
      part.startsWith('{') ? { param: part.slice(1, -1) as PathParameterName } : { literal: part },
    );
  BY_LENGTH.set(segments.length, [...(BY_LENGTH.get(segments.length) ?? []), { operation, segments }]);
}

/** A path segment: as sent, and percent-decoded (null when it is not percent-encoded UTF-8). */
interface Segment {
  raw: string;
  decoded: string | null;
}

function toSegment(raw: string): Segment {
  if (!raw.includes('%')) return { raw, decoded: raw };
  try {
    return { raw, decoded: decodeURIComponent(raw) };
  } catch {
    return { raw, decoded: null };
  }
}

/** Whether the route's literals equal the path's segments and each parameter has a value. */
function matchesSegments(route: CompiledRoute, actual: readonly Segment[]): boolean {
  return route.segments.every((expected, i) => {
    const segment = actual[i];
    if (segment === undefined) return false;
    return 'literal' in expected ? expected.literal === segment.decoded : segment.raw !== '';
  });
}

/** The route's parameters with their values, and the first that is malformed or undecodable. */
function found(route: CompiledRoute, actual: readonly Segment[]): RouteMatch {
  const params: Partial<Record<PathParameterName, string>> = {};
  let undecodable: PathParameterName | null = null;
  let malformedId: string | null = null;
  route.segments.forEach((expected, i) => {
    const segment = actual[i];
    if ('literal' in expected || segment === undefined) return;
    const name = expected.param;
    if (segment.decoded === null) undecodable ??= name;
    const value = segment.decoded ?? segment.raw;
    params[name] = value;
    if (malformedId === null && !isWellFormedId(name, value)) malformedId = PATH_PARAMETERS[name].notFound;
  });
  return { kind: 'found', operation: route.operation, params, malformedId, undecodable };
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
  for (const route of BY_LENGTH.get(actual.length) ?? []) {
    if (!matchesSegments(route, actual)) continue;
    if (route.operation.method === wanted) return found(route, actual);
    allow.push(route.operation.method);
    if (route.operation.method === 'GET') allow.push('HEAD');
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
