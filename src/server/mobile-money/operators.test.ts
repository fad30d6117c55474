import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { configuredOperators } from './operators';

const publicKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');

const MTN = {
  MTN_MOMO_URL: 'https://proxy.momoapi.mtn.com/',
  MTN_MOMO_USER_ID: 'a7e2c6d4-1d0c-4e8b-9d59-1f9a2c3b4d5e',
  MTN_MOMO_API_KEY: 'mtn-api-key-very-secret',
  MTN_MOMO_SUBSCRIPTION_KEY: 'mtn-subscription-very-secret',
  MTN_MOMO_TARGET_ENVIRONMENT: 'mtnzambia',
};
const AIRTEL = {
  AIRTEL_MONEY_URL: 'https://openapi.airtel.africa',
  AIRTEL_CLIENT_ID: 'airtel-client',
  AIRTEL_CLIENT_SECRET: 'airtel-secret-very-secret',
  AIRTEL_PIN: '4821',
  AIRTEL_PIN_PUBLIC_KEY: publicKey,
};

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
};

describe('the operators’ configuration', () => {
  it('is off without its variables: no operator is configured, payouts poll every 300 s', () => {
    const config = loadConfig({});
    expect(config.mtnMomo).toBeNull();
    expect(config.airtelMoney).toBeNull();
    expect(config.payoutPollSeconds).toBe(300);
    expect(configuredOperators(config)).toEqual({});
  });

  it('with all of an operator’s variables gives its client, one per configuration (its token shared)', () => {
    const config = loadConfig({
      ...MTN,
      ...AIRTEL,
      PAYOUT_POLL_SECONDS: '60',
      MOBILE_MONEY_TIMEOUT_SECONDS: '4',
    });
    expect(config.mtnMomo).toEqual({
      url: 'https://proxy.momoapi.mtn.com',
      userId: MTN.MTN_MOMO_USER_ID,
      apiKey: MTN.MTN_MOMO_API_KEY,
      subscriptionKey: MTN.MTN_MOMO_SUBSCRIPTION_KEY,
      targetEnvironment: 'mtnzambia',
    });
    expect(config.payoutPollSeconds).toBe(60);
    expect(config.mobileMoneyTimeoutMs).toBe(4000);
    const operators = configuredOperators(config);
    expect(operators.mtn_momo?.provider).toBe('mtn_momo');
    expect(operators.airtel_money?.provider).toBe('airtel_money');
    expect(configuredOperators(config)).toBe(operators);
    expect(Object.keys(configuredOperators(loadConfig(AIRTEL)))).toEqual(['airtel_money']);
  });

  it('with half an operator’s variables stops start-up naming what is missing, never a secret', () => {
    const message = configError({ MTN_MOMO_URL: MTN.MTN_MOMO_URL, MTN_MOMO_API_KEY: MTN.MTN_MOMO_API_KEY });
    expect(message).toContain('MTN_MOMO_USER_ID, MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_TARGET_ENVIRONMENT');
    expect(message).not.toContain(MTN.MTN_MOMO_API_KEY);
    const airtel = configError({ ...AIRTEL, AIRTEL_PIN: '' });
    expect(airtel).toContain('Airtel Money needs AIRTEL_PIN');
  });

  it('refuses a PIN key that is no RSA public key, and a secret with a comment is not echoed', () => {
    expect(configError({ ...AIRTEL, AIRTEL_PIN_PUBLIC_KEY: 'not-a-key' })).toContain('AIRTEL_PIN_PUBLIC_KEY');
    const commented = configError({ ...AIRTEL, AIRTEL_CLIENT_SECRET: 'airtel-secret-very-secret # prod' });
    expect(commented).toContain('AIRTEL_CLIENT_SECRET');
    expect(commented).not.toContain('airtel-secret-very-secret');
  });
});
