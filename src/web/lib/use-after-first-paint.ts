import { startTransition, useEffect, useState } from 'react';

/**
 * How long after painting before the rest comes: the frame reaches the screen a little after it
 * is painted, more so on a slow phone, and what downloads meanwhile still competes with it.
 */
const SETTLE_MS = 200;

/**
 * False until the browser has painted once since the caller mounted (and SETTLE_MS more), then
 * true: for what may come just after the first screen (a menu's code, the figures below the
 * banner), so that its downloads do not compete with that screen's on a phone's network (issue 22).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before a paint; a task it queues runs after that paint.
    const frame = requestAnimationFrame(() => {
      // A transition: what comes after the first screen is drawn in short slices, between which
      // the page still answers a tap, rather than in one long task (Lighthouse's blocking time).
      timer = setTimeout(() => startTransition(() => setPainted(true)), SETTLE_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
