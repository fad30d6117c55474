import { describe, expect, it } from 'vitest';
import {
  channelShortLabel,
  isZambianMobile,
  normalAccountNumber,
  walletPrefixWarning,
} from './payment-channels';

describe('wallet prefixes (ZICTA numbering plan)', () => {
  it('warns only when the number is not under the operator’s prefixes', () => {
    expect(walletPrefixWarning('mtn_momo', '+260961234567')).toBeNull();
    expect(walletPrefixWarning('mtn_momo', '+260761234567')).toBeNull();
    expect(walletPrefixWarning('airtel_money', '+260971234567')).toBeNull();
    expect(walletPrefixWarning('airtel_money', '+260771234567')).toBeNull();
    // Zamtel's 095 is neither operator's; Airtel's under MTN and MTN's under Airtel are warned of.
    expect(walletPrefixWarning('mtn_momo', '+260951234567')).toContain('MTN MoMo prefix (096, 076)');
    expect(walletPrefixWarning('airtel_money', '+260951234567')).toContain('Airtel Money');
    expect(walletPrefixWarning('mtn_momo', '+260971234567')).not.toBeNull();
    expect(walletPrefixWarning('airtel_money', '+260961234567')).not.toBeNull();
  });

  it('takes mobile ranges only, never a landline', () => {
    expect(isZambianMobile('+260961234567')).toBe(true);
    expect(isZambianMobile('+260211234567')).toBe(false);
    expect(isZambianMobile('+27821234567')).toBe(false);
  });
});

describe('account numbers and labels', () => {
  it('keeps digits only, and masks all but the last four', () => {
    expect(normalAccountNumber(' 0012 3456-78 ')).toBe('0012345678');
    expect(normalAccountNumber('12AB')).toBeNull();
    expect(
      channelShortLabel({
        kind: 'bank',
        provider: null,
        bank_name: 'Zanaco',
        wallet_number: null,
        account_number: '0012345678',
      }),
    ).toBe('Zanaco ••••5678');
    expect(
      channelShortLabel({
        kind: 'mobile_wallet',
        provider: 'airtel_money',
        bank_name: null,
        wallet_number: '+260971234567',
        account_number: null,
      }),
    ).toBe('Airtel Money ••••4567');
  });
});
