/**
 * A component whose code the browser fetches only the first time it renders: for the
 * parts every page may need but few pages show (a toast, an error screen), so they stay
 * out of the JavaScript each page loads up front. Render it inside <Suspense>.
 *
 * The server loads the code at once, so a server render never suspends: a suspended part
 * would reach the browser only through a streamed script, i.e. never without JavaScript.
 * While hydrating a server-rendered part, React keeps the server's HTML until the code is in.
 */
import type { ComponentType } from "react";

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Shown if the code cannot be fetched (e.g. the network is gone). */
  Failed: ComponentType<P> = () => null,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let failed = false;
  let pending: Promise<void> | null = null;
  const start = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      () => {
        failed = true;
      },
    ));
  if (import.meta.env.SSR) void start();

  return function OnDemand(props: P) {
    if (Loaded) return <Loaded {...props} />;
    if (failed) return <Failed {...props} />;
    throw start();
  };
}
