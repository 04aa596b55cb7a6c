/**
 * The methods each known path takes: a known path asked with another method answers 405
 * with `Allow`, not 404. Add a line here with every new route (a CDS Hooks router, …).
 */
export const ROUTE_METHODS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/v1\/consultations\/?$/, ['POST']],
  [/^\/v1\/consultations\/[^/]+\/events\/?$/, ['GET', 'HEAD']],
  [/^\/v1\/consultations\/[^/]+\/?$/, ['GET', 'HEAD']],
  [/^\/v1\/approvals\/[^/]+\/?$/, ['POST']],
  [/^\/v1\/openapi\.json$/, ['GET', 'HEAD']],
  [/^\/(healthz|readyz|metrics)$/, ['GET', 'HEAD']],
];

export function allowedMethods(url: string): string[] | undefined {
  const path = url.split('?')[0] ?? '';
  const hit = ROUTE_METHODS.find(([re]) => re.test(path));
  return hit ? [...hit[1]] : undefined;
}
