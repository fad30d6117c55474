import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { planListening, StartRefused } from './demo-guard';

describe('planListening', () => {
  const demo = ['ADM001', 'PO001'];

  it('listens where HOST says once no account has the demo password', () => {
    expect(planListening(loadConfig({ HOST: '0.0.0.0' }), [])).toEqual({ host: '0.0.0.0' });
    expect(planListening(loadConfig({ NODE_ENV: 'production' }), [])).toEqual({ host: '0.0.0.0' });
  });

  it('narrows any other address to loopback while demo passwords remain, and says so', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const plan = planListening(loadConfig({ HOST: host }), demo);
      expect(plan.host).toBe('127.0.0.1');
      expect(plan.notice).toContain('ADM001, PO001');
      expect(plan.notice).toContain(`not HOST=${host}`);
    }
  });

  it('keeps a loopback HOST as it is', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(planListening(loadConfig({ HOST: host }), demo)).toEqual({ host });
  });

  it('refuses production while demo passwords remain, naming the accounts and the ways out', () => {
    const start = () => planListening(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }), demo);
    expect(start).toThrow(StartRefused);
    expect(start).toThrow(/ADM001, PO001/);
    expect(start).toThrow(/npm run create-admin/);
    expect(start).toThrow(/without NODE_ENV=production/);
  });
});
