import { describe, expect, it, vi } from 'vitest';
import {
  registerAppWorker,
  TAKEOVER_WAIT_MS,
  UPDATE_CHECK_MS,
  WORKER_URL,
  type WorkerHost,
} from './register-worker';
import { forgetUpdateOffer, reloadForUpdate, updateStatus } from './update-offer';

/** A service worker as the page sees one: its state, its messages, its statechange events. */
class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.reject(new Error('offline')));
}

function fakeBrowser(options: { controlled: boolean; waiting?: boolean }) {
  const registration = new FakeRegistration();
  if (options.waiting) registration.waiting = new FakeWorker('installed');
  const events = new EventTarget();
  const checks: Array<{ ms: number; run: () => void }> = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const host = {
    container: {
      controller: options.controlled ? new FakeWorker('activated') : null,
      register: vi.fn(async () => registration),
      addEventListener: events.addEventListener.bind(events),
    },
    reload: vi.fn(),
    every: (ms: number, run: () => void) => checks.push({ ms, run }),
    after: (ms: number, run: () => void) => timers.push({ ms, run }),
  };
  /** A new version installed while this page runs. */
  const install = () => {
    const worker = new FakeWorker('installing');
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.waiting = worker;
    registration.installing = null;
    worker.become('installed');
    return worker;
  };
  const takeOver = () => events.dispatchEvent(new Event('controllerchange'));
  /** Every timer set so far runs out. */
  const timePasses = () => {
    for (const t of timers.splice(0)) t.run();
  };
  return { registration, host, checks, timers, install, takeOver, timePasses };
}

const start = (host: unknown) => registerAppWorker(host as WorkerHost);

describe('registering the app worker', () => {
  it('registers /sw.js for the whole app and offers nothing on the first install', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: false });
    await start(b.host);
    expect(b.host.container.register).toHaveBeenCalledWith(WORKER_URL, { scope: '/' });
    b.install();
    expect(updateStatus()).toBe('none');
  });

  it('offers a version installed meanwhile, and moves to it only on Reload, reloading once it has', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: true });
    await start(b.host);
    const worker = b.install();
    expect(updateStatus()).toBe('ready');
    expect(worker.messages).toEqual([]);
    expect(b.host.reload).not.toHaveBeenCalled();
    reloadForUpdate();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    // Asked, not yet taken over: no reload until the new worker controls the page.
    expect(b.host.reload).not.toHaveBeenCalled();
    b.takeOver();
    expect(b.host.reload).toHaveBeenCalledOnce();
    // The fallback's time running out after the takeover reloads nothing more.
    b.timePasses();
    expect(b.host.reload).toHaveBeenCalledOnce();
  });

  it('reloads anyway when the new version has not taken over within the wait', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: true });
    await start(b.host);
    b.install();
    reloadForUpdate();
    expect(b.timers.map((t) => t.ms)).toEqual([TAKEOVER_WAIT_MS]);
    expect(b.host.reload).not.toHaveBeenCalled();
    b.timePasses();
    expect(b.host.reload).toHaveBeenCalledOnce();
  });

  it('offers a version that was already waiting when the page opened', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: true, waiting: true });
    await start(b.host);
    expect(updateStatus()).toBe('ready');
  });

  it('never reloads when another tab moved to the new version: it offers Reload instead', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: true });
    await start(b.host);
    b.takeOver();
    expect(b.host.reload).not.toHaveBeenCalled();
    expect(updateStatus()).toBe('ready');
    reloadForUpdate();
    expect(b.host.reload).toHaveBeenCalledOnce();
  });

  it('asks for a new version every hour, and an offline check is no error', async () => {
    forgetUpdateOffer();
    const b = fakeBrowser({ controlled: true });
    await start(b.host);
    expect(b.checks.map((c) => c.ms)).toEqual([UPDATE_CHECK_MS]);
    b.checks[0]?.run();
    expect(b.registration.update).toHaveBeenCalledOnce();
    await Promise.resolve();
  });
});
