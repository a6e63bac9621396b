import { useLocation, useNavigation } from "@remix-run/react";
import { Logo } from "~/components/ui/logo";
import { isProtectedPath, screenName } from "./nav";

// Both appear only after a short delay (transition-delay from @starting-style), so a
// fast navigation never flashes them.
const appear = "transition-opacity delay-200 duration-300 starting:opacity-0 motion-reduce:transition-none";

/** 'Loading' + 'Atelier', while the session is checked on the way into the app. */
export function Splash() {
  return (
    <div role="status" className={`fixed inset-0 z-[90] flex flex-col items-center justify-center gap-4 bg-white/95 ${appear}`}>
      <Logo wordmark={false} className="animate-pulse" />
      <p className="text-sm font-medium text-slate-500">
        Loading <span className="block text-center text-lg font-semibold text-slate-900">Atelier</span>
      </p>
    </div>
  );
}

/**
 * 'Loading {name}...' while a screen's data is on its way: a Suspense fallback, or with
 * `overlay` a veil over the screen being left.
 */
export function ScreenLoading({ name, overlay = false }: { name: string; overlay?: boolean }) {
  const frame = overlay ? "absolute inset-0 z-10 items-start bg-slate-50/80 pt-[20vh]" : "min-h-[40vh] items-center";
  return (
    <div role="status" className={`flex justify-center gap-3 text-slate-600 ${frame} ${appear}`}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <span>Loading {name}...</span>
    </div>
  );
}

/** The splash, when a navigation leads from a public page into the app (e.g. after sign-in). */
export function NavigationSplash() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location?.pathname;
  if (!target || !isProtectedPath(target) || isProtectedPath(location.pathname)) return null;
  return <Splash />;
}

/** The screen a navigation inside the app is heading to, or null. */
export function usePendingScreen(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location?.pathname;
  if (navigation.state !== "loading" || !target || target === location.pathname) return null;
  return screenName(target);
}
