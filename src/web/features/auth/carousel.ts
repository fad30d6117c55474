import { useEffect, useState } from 'react';

/** The sign-in background changes every 5 seconds (docs/product.md §2, §9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** The slide after `current` among `count` slides, wrapping from the last back to the first. */
export function nextIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + 1) % count) + count) % count;
}

/** The index of the slide to show now; advances every `intervalMs` and wraps around. */
export function useCarouselIndex(count: number, intervalMs = CAROUSEL_INTERVAL_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count <= 1) return;
    const timer = window.setInterval(() => setIndex((i) => nextIndex(i, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
