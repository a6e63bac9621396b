import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { setBoardLive, WRITE_KEY_PREFIX } from "./board-writes";

export type LiveState = "connecting" | "live" | "offline";

/**
 * Subscribes to the board's server-sent events and revalidates the loader when
 * someone changes the board. EventSource reconnects by itself after a network
 * drop; on reconnect we revalidate once to catch up on what was missed.
 *
 * While a navigation or submission is under way, an event waits for it to end:
 * revalidating then would abort that navigation's loaders, and with them the
 * flash message its redirect carried ("Card saved."). So does one while a board write
 * of this page (board-writes.ts) is on its way: that write's own revalidation would
 * replace this one's data without the board's loader, which it leaves to the event.
 *
 * While the stream is open, the page's own board writes leave their revalidation to
 * the event their change sends (`setBoardLive`): one change, one run of the loader.
 */
export function useBoardEvents(projectId: string, onEvent?: (e: { type: string; by?: string }) => void): LiveState {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [state, setState] = useState<LiveState>("connecting");
  const navigation = useNavigation();
  const writing = useFetchers().some((f) => f.key.startsWith(WRITE_KEY_PREFIX) && f.state !== "idle");
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || writing;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const pending = useRef(false);

  useEffect(() => {
    if (!busy && pending.current) {
      pending.current = false;
      revalidate.current();
    }
  }, [busy]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    const source = new EventSource(`/projects/${projectId}/events`);
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busyRef.current) pending.current = true;
        else revalidate.current();
      }, 100);
    };
    source.addEventListener("open", () => {
      setState("live");
      setBoardLive(projectId, true);
      if (hadError) schedule();
      hadError = false;
    });
    source.addEventListener("error", () => {
      hadError = true;
      setBoardLive(projectId, false);
      setState(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
    });
    source.addEventListener("change", (event) => {
      try {
        handler.current?.(JSON.parse((event as MessageEvent).data));
      } catch {
        // a malformed event still means "something changed"
      }
      schedule();
    });
    return () => {
      clearTimeout(timer);
      setBoardLive(projectId, false);
      source.close();
    };
  }, [projectId]);

  return state;
}
