/**
 * What a route module may export as `handle`, read by the root layout.
 * `hydrate: false`: the page is complete as server-rendered HTML (links, anchors, forms
 * that post), so the layout sends none of the framework's JavaScript with it (no
 * `<Scripts />`, no modulepreload links). The landing page uses it; a page that needs
 * React in the browser must not.
 */
export type RouteHandle = { hydrate?: boolean };

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return matches.every((m) => (m.handle as RouteHandle | undefined)?.hydrate !== false);
}
