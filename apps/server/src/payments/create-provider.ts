// The one place that chooses the payment provider from PAYMENT_PROVIDER (config.payments).
import type { PaymentsConfig } from '../config.ts';
import {
  createDevProvider,
  type DevPaymentProvider,
  type DevProviderDeps,
} from './dev-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export const createPaymentProvider = (
  config: PaymentsConfig,
  deps: DevProviderDeps,
): PaymentProvider => {
  if (config.provider === 'dev') return createDevProvider(deps);
  // config.ts refuses PAYMENT_PROVIDER=stripe without both keys.
  if (!config.stripe)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  return createStripeProvider(config.stripe);
};

/** Whether the provider is the built-in development page (which serves /dev/pay). */
export const isDevProvider = (provider: PaymentProvider): provider is DevPaymentProvider =>
  provider.name === 'dev' && 'pay' in provider;
