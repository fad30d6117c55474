import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach } from '../../testing/api-stub';
import { ChartFrame, type Size } from './chart-frame';

cleanAfterEach();

/** A ResizeObserver the test reports sizes through, as the browser does after its layout. */
function stubResizeObserver() {
  const observers: Array<(width: number, height: number) => void> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {
        observers.push((width, height) =>
          this.callback([{ contentRect: { width, height } } as ResizeObserverEntry], this as never),
        );
      }
      observe() {}
      disconnect() {}
    },
  );
  return (width: number, height: number) =>
    act(() => {
      for (const report of observers) report(width, height);
    });
}

function frame(drawn: Size[]) {
  return (
    <ChartFrame
      label="A chart"
      legend={[{ key: 'a', name: 'A', colour: '#000' }]}
      draw={(size) => {
        drawn.push(size);
        return <rect width={size.width} height={size.height} />;
      }}
    />
  );
}

describe('ChartFrame', () => {
  it('draws once the browser has laid the box out, in its size, and again when it changes', () => {
    const report = stubResizeObserver();
    const drawn: Size[] = [];
    render(frame(drawn));
    const chart = screen.getByRole('img', { name: 'A chart' });
    // Nothing is measured while React commits: the drawing waits for the browser's layout.
    expect(chart.querySelector('svg')).toBeNull();
    expect(drawn).toEqual([]);
    expect(screen.getByText('A')).toBeTruthy();

    report(338.4, 229);
    expect(chart.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 338 229');
    report(640, 229);
    expect(chart.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 640 229');
    expect(drawn.at(-1)).toEqual({ width: 640, height: 229 });
  });

  it('draws nothing for a hidden box (0 wide) until it is shown', () => {
    const report = stubResizeObserver();
    render(frame([]));
    report(0, 0);
    expect(screen.getByRole('img', { name: 'A chart' }).querySelector('svg')).toBeNull();
    report(300, 200);
    expect(screen.getByRole('img', { name: 'A chart' }).querySelector('svg')).not.toBeNull();
  });

  it('draws at a typical size where nothing can measure it', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(frame([]));
    expect(screen.getByRole('img', { name: 'A chart' }).querySelector('svg')?.getAttribute('viewBox')).toBe(
      '0 0 600 220',
    );
  });
});
