import {
  basePlanSchema,
  type CheckoutSessionInput,
  hasActiveSchema,
  paymentMethodListSchema,
  portalSessionSchema,
  savePaymentSchema,
} from '@carte/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';

/** Query keys of the subscription area (doc 2 §7). */
export const billingKeys = {
  all: ['subscription'] as const,
  plan: ['subscription', 'base-product'] as const,
  active: ['subscription', 'has-active'] as const,
  paymentMethods: ['subscription', 'customer-payment-methods'] as const,
};

/** /api/subscription/* (doc 2 §7, doc 3 §7.2). */
export const billingApi = {
  plan: (signal?: AbortSignal) => api.get('/subscription/base-product', { schema: basePlanSchema, signal }),
  hasActive: (signal?: AbortSignal) =>
    api.get('/subscription/has-active', { schema: hasActiveSchema, signal }),
  /** Answers the checkout session id; the browser then goes to the checkout. */
  checkoutSession: (input: CheckoutSessionInput) =>
    api.post('/subscription/checkout-session', { body: input, schema: z.string() }),
  /** `url` is where the manage page leads back to; answers the manage page's address. */
  portalSession: (url: string) =>
    api.post('/subscription/customer-portal-session', { body: { url }, schema: portalSessionSchema }),
  paymentMethods: (signal?: AbortSignal) =>
    api.get('/subscription/customer-payment-methods', { schema: paymentMethodListSchema, signal }),
  /** `url` is where the card page leads back to; answers the page's id and address. */
  savePayment: (url: string) =>
    api.post('/subscription/save-payment', { body: { url }, schema: savePaymentSchema }),
};

/** The plan's monthly and yearly prices. */
export const usePlan = () =>
  useQuery({
    queryKey: billingKeys.plan,
    queryFn: ({ signal }) => billingApi.plan(signal),
    staleTime: 60_000,
  });

/**
 * Whether the restaurant is subscribed; always re-read, since it changes outside the app (checkout,
 * portal). `pollMs` re-reads it while a payment is being confirmed by the provider's events.
 */
export const useHasActive = (pollMs: number | false = false) =>
  useQuery({
    queryKey: billingKeys.active,
    queryFn: ({ signal }) => billingApi.hasActive(signal),
    staleTime: 0,
    refetchInterval: pollMs,
  });

/**
 * Whether the restaurant is subscribed, for the navigation's "Subscription" label (issue 22): one
 * answer a minute is enough there; /subscribe itself asks every time it opens.
 */
export const useIsSubscribed = (enabled: boolean): boolean =>
  useQuery({
    queryKey: billingKeys.active,
    queryFn: ({ signal }) => billingApi.hasActive(signal),
    staleTime: 60_000,
    enabled,
  }).data?.active === true;

/** The restaurant's saved cards, the default first. */
export const usePaymentMethods = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.paymentMethods,
    queryFn: ({ signal }) => billingApi.paymentMethods(signal),
    staleTime: 0,
    enabled,
  });

export const useSavePayment = () => useMutation({ mutationFn: billingApi.savePayment });

export const useCheckoutSession = () => useMutation({ mutationFn: billingApi.checkoutSession });

export const usePortalSession = () => useMutation({ mutationFn: billingApi.portalSession });
