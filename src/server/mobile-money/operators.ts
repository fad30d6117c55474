import type { WalletProvider } from '../../domain/payment-channels';
import type { Config } from '../config';
import { airtelMoneyOperator } from './airtel-money';
import { mtnMomoOperator } from './mtn-momo';
import type { MobileMoneyOperator } from './operator';

/** The operators whose API is configured, by provider; a provider missing here is paid by CSV. */
export type ConfiguredOperators = Partial<Record<WalletProvider, MobileMoneyOperator>>;

/**
 * One client per configuration, so that every caller in this process shares its access token
 * (tokens are asked once and reused until shortly before they lapse).
 */
const clients = new WeakMap<Config, ConfiguredOperators>();

export function configuredOperators(config: Config): ConfiguredOperators {
  let operators = clients.get(config);
  if (!operators) {
    const http = { timeoutMs: config.mobileMoneyTimeoutMs };
    operators = {};
    if (config.mtnMomo) operators.mtn_momo = mtnMomoOperator(config.mtnMomo, http);
    if (config.airtelMoney) operators.airtel_money = airtelMoneyOperator(config.airtelMoney, http);
    clients.set(config, operators);
  }
  return operators;
}
