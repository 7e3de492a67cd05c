import { type AddClientResult, messages, type ProductPrices } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { linkTo, type TestApp, tokenOf } from '../app.ts';
import { PASSWORD, signIn } from '../factories.ts';

/**
 * Resellers and their clients made through the API as people make them (issue 14): an admin mails
 * the registration link, the reseller registers from it, invites a client with the wizard, and the
 * client accepts from the mailed invitation.
 */

export interface Reseller {
  token: string;
  refreshToken: string;
  id: string;
  username: string;
  email: string;
}

let counter = 0;
export const unique = (label: string) => `${label}${process.pid}x${++counter}`;
export const address = (label: string) => `${unique(label)}@carte.test`;

/** The newest mail to `to` whose subject matches. */
export const mailTo = (t: TestApp, to: string, subject: RegExp) =>
  t.sink.waitFor((mail) => mail.to.includes(to) && subject.test(mail.subject));

/** An admin (the super admin unless a token is given) mails a registration link; answers its token. */
export async function sendRegisterLink(t: TestApp, adminToken: string, email: string): Promise<string> {
  const sent = await t.call({
    method: 'POST',
    url: '/api/admin/send-dma-register-link',
    token: adminToken,
    payload: { email },
  });
  expect(sent.status).toBe(200);
  expect(sent.body.message).toBe(messages.dmaRegisterLinkSent);
  return tokenOf(linkTo(await mailTo(t, email, /reseller/i), '/dma-register'));
}

/** A reseller registered from the mailed link and signed in. */
export async function newReseller(
  t: TestApp,
  adminToken: string,
  company = 'Menu Partners',
): Promise<Reseller> {
  const email = address('dma');
  const token = await sendRegisterLink(t, adminToken, email);
  const username = unique('reseller');
  const registered = await t.call({
    method: 'POST',
    url: `/api/dma/register?token=${token}`,
    payload: {
      firstName: 'Rita',
      lastName: 'Reseller',
      phoneNumber: '+12025550123',
      username,
      company_name: company,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(registered.body.message).toBe(messages.dmaRegistered);
  const session = await signIn(t, username);
  return {
    token: session.accessToken,
    refreshToken: session.refreshToken,
    id: session.user._id,
    username,
    email,
  };
}

/** The wizard's two steps (a new restaurant unless one is named); answers the mailed token. */
export async function invite(
  t: TestApp,
  reseller: Reseller,
  options: { email?: string; restaurant_name?: string; restaurant_id?: string } = {},
) {
  const email = options.email ?? address('client');
  const username = unique('client');
  const first = await t.call<AddClientResult>({
    method: 'POST',
    url: '/api/dma/add-client',
    token: reseller.token,
    payload: { step: 1, email },
  });
  expect(first.status).toBe(200);
  const second = await t.call<AddClientResult>({
    method: 'POST',
    url: '/api/dma/add-client',
    token: reseller.token,
    payload: {
      step: 2,
      email,
      username,
      ...(options.restaurant_id
        ? { restaurant_id: options.restaurant_id }
        : { restaurant_name: options.restaurant_name ?? `Harbour ${unique('cafe')}` }),
    },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const mail = await mailTo(t, email, /invites you/);
  return {
    email,
    username,
    licence: second.body.message.client!,
    token: tokenOf(linkTo(mail, '/dma-client-verify-invitation')),
  };
}

/** A reseller with one client who accepted the invitation and set a password. */
export async function resellerWithClient(t: TestApp, adminToken: string, company = 'Menu Partners') {
  const reseller = await newReseller(t, adminToken, company);
  const invitation = await invite(t, reseller);
  const accepted = await t.call({
    method: 'POST',
    url: `/api/dma/client-accept-invitation?token=${invitation.token}`,
    payload: { password: PASSWORD },
  });
  expect(accepted.body.message).toBe(messages.invitationAccepted);
  const [client] = await t.runtime.database.db
    .select()
    .from(users)
    .where(eq(users.username, invitation.username));
  return { reseller, client: client!, invitation };
}

/** Saves a test card for the signed-in reseller on the local provider's setup page; answers its id. */
export async function saveCard(t: TestApp, token: string, card = '4242 4242 4242 4242'): Promise<string> {
  const saved = await t.call<{ id: string; url: string }>({
    method: 'POST',
    url: '/api/subscription/save-payment',
    token,
    payload: { url: '/dma/dashboard' },
  });
  expect(saved.status).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: `${saved.body.message.url}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, name: 'Rita Reseller' }).toString(),
  });
  expect(done.statusCode).toBe(303);
  const methods = await t.call<{ data: { id: string; card: { last4: string } }[] }>({
    method: 'GET',
    url: '/api/subscription/customer-payment-methods',
    token,
  });
  return methods.body.message.data.find((method) => card.endsWith(method.card.last4))!.id;
}

/** The monthly price of the plan, as the reseller's dashboard reads it. */
export const monthlyPrice = async (t: TestApp, token: string) =>
  (await t.call<ProductPrices>({ method: 'GET', url: '/api/dma/product-prices', token })).body.message
    .monthly_product!.price;
