import {
  type AddClientResult,
  type AdminDma,
  billingMessages,
  type CheckPromoCodeResult,
  type ClientSubscriptionStatus,
  type ClientsCreateSubscriptionResult,
  type ClientsStatistics,
  type DmaClientPage,
  type InvitationVerification,
  type Menu,
  messages,
  type PendingDma,
  type PendingLicence,
  type ShapeshiftResult,
  type SingleClient,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, dmaRegisterInvitations, menus, restaurants, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp } from './app.ts';
import { createOwner, ownerWithToken, PASSWORD, signIn } from './factories.ts';
import { solvedToken } from './support/captcha.ts';
import {
  address,
  invite as inviteOf,
  mailTo as mailToOf,
  newReseller as makeReseller,
  monthlyPrice as monthlyPriceOf,
  type Reseller,
  saveCard as saveCardOf,
  sendRegisterLink as sendLink,
  unique,
  resellerWithClient as withClient,
} from './support/resellers.ts';

let t: TestApp;
let root: { accessToken: string; user: { _id: string } };
let rootUsername = '';
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local', LOCAL_PROMOTION_CODES: 'WELCOME10:10%,FIVEOFF:5.00' });
  root = await signIn(t, 'root@carte.test', 'RootPass123');
  rootUsername = (await db().select().from(users).where(eq(users.id, root.user._id)))[0]!.username;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
const mailTo = (to: string, subject: RegExp) => mailToOf(t, to, subject);
const sendRegisterLink = (email: string) => sendLink(t, root.accessToken, email);
const newReseller = (company?: string) => makeReseller(t, root.accessToken, company);
const invite = (reseller: Reseller, options?: Parameters<typeof inviteOf>[2]) =>
  inviteOf(t, reseller, options);
const resellerWithClient = (company?: string) => withClient(t, root.accessToken, company);
const saveCard = (token: string, card?: string) => saveCardOf(t, token, card);
const monthlyPrice = (token: string) => monthlyPriceOf(t, token);

describe('becoming a reseller (doc 3 §2.8)', () => {
  it('an admin sends the link; the reseller registers with the spec messages; the admins are told', async () => {
    const email = address('prospect');
    const token = await sendRegisterLink(email);
    const pending = await t.call<PendingDma[]>({
      method: 'GET',
      url: '/api/admin/dma-list-pending',
      token: root.accessToken,
    });
    const row = pending.body.message.find((entry) => entry.data.email === email);
    expect(row?.data.added_by).toBe(rootUsername);
    const invitationMail = await mailTo(email, /invited to become a .* reseller/);
    expect(invitationMail.html).toContain(email);
    expect(invitationMail.html).toContain('7 days');
    const counts = await t.call<{ pendingDmas: number }>({
      method: 'GET',
      url: '/api/admin/statistics',
      token: root.accessToken,
    });
    expect(counts.body.message.pendingDmas).toBeGreaterThan(0);

    expect(
      (await t.call({ method: 'GET', url: `/api/dma/verify-token?token=${token}` })).body.message,
    ).toEqual({
      email,
    });
    const bad = await t.call({ method: 'GET', url: '/api/dma/verify-token?token=nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.dmaRegisterLinkInvalid);

    const form = {
      firstName: 'Rita',
      lastName: 'Reseller',
      phoneNumber: '',
      username: unique('rita'),
      company_name: 'Agency One',
      password: PASSWORD,
      confirm_password: PASSWORD,
    };
    const register = (payload: object) =>
      t.call({ method: 'POST', url: `/api/dma/register?token=${token}`, payload });
    for (const [change, message] of [
      [{ username: 'abcd' }, messages.usernameTooShort],
      [{ username: '' }, messages.usernameRequired],
      [{ company_name: '  ' }, messages.companyNameRequired],
      [{ password: '' }, messages.passwordRequired],
      [{ confirm_password: '' }, messages.confirmPasswordRequired],
      [{ confirm_password: 'Other1234' }, messages.passwordMismatch],
      [{ username: 'root' }, messages.usernameTooShort],
    ] as const) {
      const refused = await register({ ...form, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const done = await register(form);
    expect(done.body.message).toBe('Successfully registered. Please login to continue.');
    const notice = await mailTo('root@carte.test', /New reseller on .*Agency One/);
    expect(notice.html).toContain(form.username);

    const [dma] = await db().select().from(users).where(eq(users.username, form.username));
    expect(dma).toMatchObject({ role: 'DMA', companyName: 'Agency One', email });
    const session = await signIn(t, form.username);
    expect(session.user).toMatchObject({ role: 'DMA' });

    const again = await register({ ...form, username: unique('rita') });
    expect(again.body.message).toBe(messages.dmaRegisterLinkInvalid);
    const after = await t.call<PendingDma[]>({
      method: 'GET',
      url: '/api/admin/dma-list-pending',
      token: root.accessToken,
    });
    expect(after.body.message.some((entry) => entry.data.email === email)).toBe(false);
  });

  it('an admin cancels a pending registration link; the link stops working', async () => {
    const email = address('cancelled');
    const token = await sendRegisterLink(email);
    const pending = await t.call<PendingDma[]>({
      method: 'GET',
      url: '/api/admin/dma-list-pending',
      token: root.accessToken,
    });
    const handle = pending.body.message.find((entry) => entry.data.email === email)!.token;
    const canceled = await t.call({
      method: 'POST',
      url: `/api/admin/cancel-dma-invitation?token=${handle}`,
      token: root.accessToken,
    });
    expect(canceled.body.message).toBe('Invitation canceled successfully');
    expect((await t.call({ method: 'GET', url: `/api/dma/verify-token?token=${token}` })).status).toBe(400);
    const twice = await t.call({
      method: 'POST',
      url: `/api/admin/cancel-dma-invitation?token=${handle}`,
      token: root.accessToken,
    });
    expect(twice.status).toBe(404);
  });

  it('a link is valid for 7 days', async () => {
    const email = address('late');
    const token = await sendRegisterLink(email);
    t.clock.advance(7 * 24 * 3_600_000 + 60_000);
    try {
      const late = await t.call({ method: 'GET', url: `/api/dma/verify-token?token=${token}` });
      expect(late.body.message).toBe(messages.dmaRegisterLinkInvalid);
    } finally {
      t.clock.advance(-(7 * 24 * 3_600_000 + 60_000));
    }
  });
});

describe('the client wizard and the invitation page (doc 3 §2.3, §2.8)', () => {
  it('checks the email, then the restaurant and username, and mails the invitation', async () => {
    const reseller = await newReseller('Wizard Agency');
    const email = address('prospect-client');
    const first = await t.call<AddClientResult>({
      method: 'POST',
      url: '/api/dma/add-client',
      token: reseller.token,
      payload: { step: 1, email },
    });
    expect(first.body.message).toEqual({ restaurants: [], client: null });
    const bad = await t.call({
      method: 'POST',
      url: '/api/dma/add-client',
      token: reseller.token,
      payload: { step: 1, email: 'not-an-email' },
    });
    expect(bad.body.message).toBe(messages.emailInvalid);

    const step2 = (extra: object) =>
      t.call<AddClientResult>({
        method: 'POST',
        url: '/api/dma/add-client',
        token: reseller.token,
        payload: { step: 2, email, ...extra },
      });
    expect((await step2({ username: unique('c') })).body.message).toBe(
      'You must select or add a new restaurant',
    );
    expect((await step2({ username: unique('c'), restaurant_name: '' })).body.message).toBe(
      messages.selectOrAddRestaurant,
    );
    expect((await step2({ restaurant_name: 'Harbour Cafe' })).body.message).toBe(messages.usernameRequired);
    expect((await step2({ restaurant_name: 'Harbour Cafe', username: reseller.username })).body.message).toBe(
      messages.usernameTaken,
    );
    const someoneElse = await createOwner(t);
    expect(
      (await step2({ restaurant_id: someoneElse.restaurant.id, username: unique('c') })).body.message,
    ).toBe(messages.selectOrAddRestaurant);

    const username = unique('harbour');
    const done = await step2({ restaurant_name: 'Harbour Cafe', username });
    expect(done.status).toBe(200);
    expect(done.body.message.client?.data.client).toMatchObject({
      email,
      username,
      status: 'pending',
      restaurant_id: null,
      restaurant_name: 'Harbour Cafe',
    });
    const mail = await mailTo(email, /Wizard Agency invites you/);
    expect(mail.html).toContain('Harbour Cafe');
    expect(linkTo(mail, '/dma-client-verify-invitation?token=')).toBeTruthy();

    // The same username is held by the pending licence; the same email is pending.
    expect((await step2({ restaurant_name: 'Other', username })).body.message).toBe(
      messages.clientAlreadyPending,
    );
    const pending = await t.call<PendingLicence[]>({
      method: 'GET',
      url: '/api/dma/clients-temporary',
      token: reseller.token,
    });
    expect(pending.body.message.map((row) => row.data.client.email)).toEqual([email]);
    const searched = await t.call<PendingLicence[]>({
      method: 'GET',
      url: '/api/dma/clients-temporary?search=nobody-matches',
      token: reseller.token,
    });
    expect(searched.body.message).toEqual([]);
  });

  it('the invitation page: missing and wrong links, accept with a password, then the client signs in', async () => {
    const reseller = await newReseller('Accept Agency');
    const invitation = await invite(reseller, { restaurant_name: 'Blue Door' });
    const missing = await t.call({ method: 'GET', url: '/api/dma/client-temporary-verify-token' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Page url not valid.');
    const empty = await t.call({ method: 'GET', url: '/api/dma/client-temporary-verify-token?token=' });
    expect(empty.body.message).toBe(messages.pageUrlNotValid);
    const wrong = await t.call({ method: 'GET', url: '/api/dma/client-temporary-verify-token?token=abc' });
    expect(wrong.body.message).toBe('The link is not valid. Please try again or contact the support.');

    const shown = await t.call<InvitationVerification>({
      method: 'GET',
      url: `/api/dma/client-temporary-verify-token?token=${invitation.token}`,
    });
    expect(shown.body.message).toEqual({
      dma: { company_name: 'Accept Agency' },
      decoded: {
        client: {
          email: invitation.email,
          username: invitation.username,
          restaurant_id: null,
          restaurant_name: 'Blue Door',
        },
      },
      restaurant: { name: 'Blue Door' },
      shouldEnterPassword: true,
      hasAccount: false,
    });

    const accept = (payload: object) =>
      t.call({ method: 'POST', url: `/api/dma/client-accept-invitation?token=${invitation.token}`, payload });
    expect((await accept({})).body.message).toBe(messages.passwordPattern);
    expect((await accept({ password: 'short' })).body.message).toBe(messages.passwordPattern);
    const accepted = await accept({ password: 'Client1234' });
    expect(accepted.body.message).toBe('Invitation accepted successfully.');
    const told = await mailTo(reseller.email, /accepted your invitation/);
    expect(told.html).toContain(invitation.email);
    expect((await accept({ password: 'Client1234' })).body.message).toBe(messages.invitationLinkInvalid);

    const session = await signIn(t, invitation.username, 'Client1234');
    expect(session.user).toMatchObject({ role: 'DMA_CLIENT' });
    const [client] = await db().select().from(users).where(eq(users.username, invitation.username));
    expect(client?.dmaId).toBe(reseller.id);
    const [restaurant] = await db()
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, client!.restaurantId!));
    expect(restaurant?.name).toBe('Blue Door');

    // The accepted client is no longer pending, and its restaurant is offered for the next licence.
    const pending = await t.call<PendingLicence[]>({
      method: 'GET',
      url: '/api/dma/clients-temporary',
      token: reseller.token,
    });
    expect(pending.body.message).toEqual([]);
    const next = await t.call<AddClientResult>({
      method: 'POST',
      url: '/api/dma/add-client',
      token: reseller.token,
      payload: { step: 1, email: address('second') },
    });
    expect(next.body.message.restaurants).toEqual([{ _id: restaurant!.id, name: 'Blue Door' }]);
    const again = await t.call({
      method: 'POST',
      url: '/api/dma/add-client',
      token: reseller.token,
      payload: { step: 1, email: invitation.email },
    });
    expect(again.body.message).toBe(messages.clientAlreadyYours);

    // A second licence on the same restaurant joins it.
    const second = await invite(reseller, { restaurant_id: restaurant!.id });
    const shownSecond = await t.call<InvitationVerification>({
      method: 'GET',
      url: `/api/dma/client-temporary-verify-token?token=${second.token}`,
    });
    expect(shownSecond.body.message.restaurant.name).toBe('Blue Door');
  });

  it("an email with a verified account joins it only with that account's password (issue 20)", async () => {
    const reseller = await newReseller();
    const owner = await createOwner(t);
    const invitation = await invite(reseller, { email: owner.user.email });
    const shown = await t.call<InvitationVerification>({
      method: 'GET',
      url: `/api/dma/client-temporary-verify-token?token=${invitation.token}`,
    });
    expect(shown.body.message).toMatchObject({ shouldEnterPassword: true, hasAccount: true });
    const accept = (payload: object) =>
      t.call({ method: 'POST', url: `/api/dma/client-accept-invitation?token=${invitation.token}`, payload });
    // No password, or a wrong one: refused, and nothing is made.
    const absent = await accept({});
    expect(absent.status).toBe(400);
    expect(absent.body.message).toBe(messages.passwordRequired);
    const wrong = await accept({ password: 'Another123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.wrongPassword);
    expect(await db().select().from(users).where(eq(users.username, invitation.username))).toEqual([]);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/dma/client-temporary-verify-token?token=${invitation.token}`,
        })
      ).status,
    ).toBe(200);

    const accepted = await accept({ password: PASSWORD });
    expect(accepted.body.message).toBe(messages.invitationAccepted);
    const [client] = await db().select().from(users).where(eq(users.username, invitation.username));
    expect(client).toMatchObject({
      role: 'DMA_CLIENT',
      personId: owner.user.personId,
      passwordHash: owner.user.passwordHash,
    });
    const session = await signIn(t, invitation.username, PASSWORD);
    expect(session.user).toMatchObject({ role: 'DMA_CLIENT' });
  });

  it('a staff address never joins: a new password is set and the client is a person of its own', async () => {
    const reseller = await newReseller();
    const admin = await createOwner(t, { role: 'ADMIN' });
    const invitation = await invite(reseller, { email: admin.user.email });
    const shown = await t.call<InvitationVerification>({
      method: 'GET',
      url: `/api/dma/client-temporary-verify-token?token=${invitation.token}`,
    });
    expect(shown.body.message).toMatchObject({ shouldEnterPassword: true, hasAccount: false });
    const accepted = await t.call({
      method: 'POST',
      url: `/api/dma/client-accept-invitation?token=${invitation.token}`,
      payload: { password: 'Client1234' },
    });
    expect(accepted.body.message).toBe(messages.invitationAccepted);
    const [client] = await db().select().from(users).where(eq(users.username, invitation.username));
    expect(client?.personId).not.toBe(admin.user.personId);
    expect((await signIn(t, invitation.username, 'Client1234')).user).toMatchObject({ role: 'DMA_CLIENT' });
  });

  it('a client invitation is valid for 7 days, then leaves the pending licences', async () => {
    const reseller = await newReseller();
    const invitation = await invite(reseller);
    // A fresh session each time: the clock moves past the access token's life too.
    const pendingHandles = async () =>
      (
        await t.call<PendingLicence[]>({
          method: 'GET',
          url: '/api/dma/clients-temporary',
          token: (await signIn(t, reseller.username)).accessToken,
        })
      ).body.message.map((row) => row.token);
    expect(await pendingHandles()).toContain(invitation.licence.token);
    t.clock.advance(7 * 24 * 3_600_000 + 60_000);
    try {
      const late = await t.call({
        method: 'GET',
        url: `/api/dma/client-temporary-verify-token?token=${invitation.token}`,
      });
      expect(late.body.message).toBe(messages.invitationLinkInvalid);
      expect(await pendingHandles()).not.toContain(invitation.licence.token);
    } finally {
      t.clock.advance(-(7 * 24 * 3_600_000 + 60_000));
    }
  });

  it('reject tells the reseller; cancel ends the licence; both links stop working', async () => {
    const reseller = await newReseller();
    const rejected = await invite(reseller, { restaurant_name: 'No Thanks Diner' });
    const answer = await t.call({
      method: 'POST',
      url: `/api/dma/client-reject-invitation?token=${rejected.token}`,
    });
    expect(answer.body.message).toBe('Invitation rejected successfully.');
    const told = await mailTo(reseller.email, /declined your invitation/);
    expect(told.html).toContain('No Thanks Diner');
    expect(
      (await t.call({ method: 'POST', url: `/api/dma/client-reject-invitation?token=${rejected.token}` }))
        .body.message,
    ).toBe(messages.invitationLinkInvalid);
    const history = await t.call<PendingLicence[]>({
      method: 'GET',
      url: '/api/dma/clients-temporary?status=rejected',
      token: reseller.token,
    });
    expect(history.body.message.map((row) => row.data.client.status)).toEqual(['rejected']);

    const canceled = await invite(reseller);
    const cancel = await t.call({
      method: 'POST',
      url: `/api/dma/client-cancel-invitation?token=${canceled.licence.token}`,
      token: reseller.token,
    });
    expect(cancel.body.message).toBe('Invitation canceled successfully');
    const dead = await t.call({
      method: 'GET',
      url: `/api/dma/client-temporary-verify-token?token=${canceled.token}`,
    });
    expect(dead.body.message).toBe(messages.invitationLinkInvalid);
    const twice = await t.call({
      method: 'POST',
      url: `/api/dma/client-cancel-invitation?token=${canceled.licence.token}`,
      token: reseller.token,
    });
    expect(twice.status).toBe(404);
  });
});

describe('paying for clients (doc 3 §2.3, §2.4, §4)', () => {
  it('checks promotion codes, subscribes with a card and a code, cancels and the menus go back to draft', async () => {
    const { reseller, client } = await resellerWithClient('Pay Agency');
    const price = await monthlyPrice(reseller.token);
    expect(price.unit_amount).toBe(1900);

    const promo = (payload: object) =>
      t.call<CheckPromoCodeResult>({
        method: 'POST',
        url: '/api/dma/check-promo-code',
        token: reseller.token,
        payload,
      });
    expect((await promo({ promo_code: '', price_id: price.id })).body.message).toBe(
      'Please enter a promotion code',
    );
    expect((await promo({ promo_code: 'NOPE', price_id: price.id })).body.message).toBe(
      'This code is invalid',
    );
    expect((await promo({ promo_code: 'WELCOME10', price_id: '' })).body.message).toBe(
      billingMessages.selectPlan,
    );
    expect((await promo({ promo_code: 'WELCOME10', price_id: price.id })).body.message).toEqual({
      coupon: { percent_off: 10, amount_off: null },
      amount: 1900,
      discounted: 1710,
    });
    expect((await promo({ promo_code: 'FIVEOFF', price_id: price.id })).body.message.discounted).toBe(1400);

    // The client cannot publish before a subscription: its account manager pays.
    const clientToken = (await signIn(t, client.username)).accessToken;
    const live = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: clientToken,
      payload: { name: 'Lunch', draft: false },
    });
    expect(live.status).toBe(402);
    expect(live.body.message).toBe(messages.subscribeRequiredClient);

    const subscribe = (payload: object) =>
      t.call<ClientsCreateSubscriptionResult>({
        method: 'POST',
        url: '/api/dma/clients-create-subscription',
        token: reseller.token,
        payload,
      });
    expect(
      (await subscribe({ price_id: price.id, default_payment_method: 'pm_x', clients: [] })).body.message,
    ).toBe('You must choose at least one client.');
    expect(
      (await subscribe({ price_id: '', default_payment_method: 'pm', clients: [client.id] })).body.message,
    ).toBe('Please select a plan');
    expect(
      (await subscribe({ price_id: price.id, default_payment_method: '', clients: [client.id] })).body
        .message,
    ).toBe('Please select a payment method');
    expect(
      (await subscribe({ price_id: price.id, default_payment_method: 'pm_unknown', clients: [client.id] }))
        .body.message,
    ).toBe(messages.paymentMethodNotYours);

    const before = await t.call<ClientSubscriptionStatus>({
      method: 'GET',
      url: '/api/dma/client-subscription-status',
      token: reseller.token,
    });
    expect(before.body.message.subscribedClients).toEqual([]);
    expect(before.body.message.unSubscribedClients.map((row) => row._id)).toEqual([client.id]);

    const card = await saveCard(reseller.token);
    expect(
      (
        await subscribe({
          price_id: price.id,
          default_payment_method: card,
          promo_code: 'NOPE',
          clients: [client.id],
        })
      ).body.message,
    ).toBe('This code is invalid');
    const stranger = await resellerWithClient('Stranger Agency');
    const result = await subscribe({
      price_id: price.id,
      default_payment_method: card,
      promo_code: 'WELCOME10',
      clients: [client.id, stranger.client.id],
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toEqual({
      subscribed: [{ _id: client.id, username: client.username }],
      failed: [{ _id: stranger.client.id, username: '', message: messages.pageCouldNotBeFound }],
    });
    const twice = await subscribe({ price_id: price.id, default_payment_method: card, clients: [client.id] });
    expect(twice.body.message.failed).toEqual([
      { _id: client.id, username: client.username, message: billingMessages.alreadySubscribed },
    ]);

    const status = await t.call<ClientSubscriptionStatus>({
      method: 'GET',
      url: '/api/dma/client-subscription-status',
      token: reseller.token,
    });
    expect(status.body.message.unSubscribedClients).toEqual([]);
    expect(status.body.message.subscribedClients[0]?.subscription).toMatchObject({
      status: 'active',
      interval: 'month',
      amount: 1900,
    });
    const stats = await t.call<ClientsStatistics>({
      method: 'GET',
      url: '/api/dma/clients-statistics',
      token: reseller.token,
    });
    expect(stats.body.message).toMatchObject({
      clients: 1,
      verifiedClients: 1,
      subscribedClients: 1,
      unSubscribedClients: 0,
      pendingLicences: 0,
      monthlyCents: 1900,
    });

    const single = await t.call<SingleClient>({
      method: 'GET',
      url: `/api/dma/single-client?id=${client.id}`,
      token: reseller.token,
    });
    const subscription = single.body.message.subscription!;
    expect(subscription).toMatchObject({
      plan: { amount: 1900, interval: 'month' },
      discount: { coupon: { percent_off: 10, amount_off: null } },
      status: 'active',
      default_payment_method: { card: { last4: '4242', brand: 'visa' } },
      cancel_at_period_end: false,
    });
    expect(subscription.current_period_end! - subscription.current_period_start!).toBeGreaterThan(
      27 * 86_400,
    );

    // Now the client publishes; cancelling the subscription puts the menu back to draft.
    const published = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: clientToken,
      payload: { name: 'Dinner', draft: false },
    });
    expect(published.status).toBe(200);
    expect(published.body.message.draft).toBe(false);
    const stats2 = await t.call<ClientsStatistics>({
      method: 'GET',
      url: '/api/dma/clients-statistics',
      token: reseller.token,
    });
    expect(stats2.body.message.publishedMenus).toBe(1);

    const wrongClient = await t.call({
      method: 'DELETE',
      url: `/api/dma/delete-client-subscription/${subscription.id}?client_id=${stranger.client.id}`,
      token: reseller.token,
    });
    expect(wrongClient.status).toBe(404);
    const canceled = await t.call({
      method: 'DELETE',
      url: `/api/dma/delete-client-subscription/${subscription.id}?client_id=${client.id}`,
      token: reseller.token,
    });
    expect(canceled.body.message).toBe(messages.clientSubscriptionCanceled);
    const [menu] = await db().select().from(menus).where(eq(menus.id, published.body.message._id));
    expect(menu?.draft).toBe(true);
    const after = await t.call<SingleClient>({
      method: 'GET',
      url: `/api/dma/single-client?id=${client.id}`,
      token: reseller.token,
    });
    expect(after.body.message.subscription).toBeNull();
    expect(after.body.message.menus).toEqual([
      expect.objectContaining({ name: 'Dinner', draft: true, categories: 0 }),
    ]);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/dma/delete-client-subscription/${subscription.id}?client_id=${client.id}`,
      token: reseller.token,
    });
    expect(again.status).toBe(404);
  });

  it("the reseller's own cards: listed, and the portal opens on them", async () => {
    const reseller = await newReseller();
    const empty = await t.call({
      method: 'GET',
      url: '/api/subscription/customer-payment-methods',
      token: reseller.token,
    });
    expect(empty.body.message).toEqual({ data: [] });
    await saveCard(reseller.token, '5555 5555 5555 4444');
    const listed = await t.call<{ data: { card: { brand: string; last4: string } }[] }>({
      method: 'GET',
      url: '/api/subscription/customer-payment-methods',
      token: reseller.token,
    });
    expect(listed.body.message.data.map((method) => method.card)).toMatchObject([
      { brand: 'mastercard', last4: '4444' },
    ]);
    const portal = await t.call<{ url: string }>({
      method: 'POST',
      url: '/api/subscription/customer-portal-session',
      token: reseller.token,
      payload: { url: '/dma/dashboard' },
    });
    expect(portal.status).toBe(200);
    expect(portal.body.message.url).toMatch(/\/billing\/portal\//);
  });
});

describe('one client (doc 3 §2.4)', () => {
  it('shows the client, restaurant and its content; another reseller sees "This page could not be found."', async () => {
    const { reseller, client } = await resellerWithClient();
    const clientToken = (await signIn(t, client.username, PASSWORD)).accessToken;
    const call = async <T>(url: string, payload: object) =>
      (await t.call<T>({ method: 'POST', url, token: clientToken, payload })).body.message;
    const { insertedIngredients } = await call<{ insertedIngredients: { _id: string }[] }>(
      '/api/ingredients',
      {
        ingredients: ['Egg', 'Chive'],
      },
    );
    const side = await call<{ _id: string }>('/api/dishes', { name: 'Toast', price: 2 });
    const dish = await call<{ _id: string }>('/api/dishes', {
      name: 'Omelette',
      price: 9,
      ingredients: insertedIngredients.map((ingredient) => ingredient._id),
      sideDishes: [side._id],
    });
    const category = await call<{ _id: string }>('/api/categories', { name: 'Eggs', dishes: [dish._id] });
    await call('/api/menus', { name: 'Brunch', categories: [{ category: category._id }] });
    const single = await t.call<SingleClient>({
      method: 'GET',
      url: `/api/dma/single-client?id=${client.id}`,
      token: reseller.token,
    });
    expect(single.status).toBe(200);
    expect(single.body.message.client).toMatchObject({
      _id: client.id,
      username: client.username,
      email: client.email,
      state: true,
      subscription: null,
    });
    expect(single.body.message.restaurant).toMatchObject({ _id: client.restaurantId, members: 0 });
    expect(single.body.message.menus.map((menu) => [menu.name, menu.draft, menu.categories])).toEqual([
      ['Brunch', true, 1],
    ]);
    // The counts of the client page's tables (doc 3 §2.4).
    expect(single.body.message.categories.map((row) => [row.name, row.dishes])).toEqual([['Eggs', 1]]);
    const omelette = single.body.message.dishes.find((row) => row.name === 'Omelette');
    expect([omelette?.sideDishes, omelette?.ingredients]).toEqual([1, 2]);

    const other = await newReseller();
    for (const id of [client.id, '0123456789abcdef01234567']) {
      const refused = await t.call({
        method: 'GET',
        url: `/api/dma/single-client?id=${id}`,
        token: other.token,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('This page could not be found.');
    }
    const search = await t.call<DmaClientPage>({
      method: 'GET',
      url: `/api/dma/clients?search=${client.username}`,
      token: reseller.token,
    });
    expect(search.body.message).toMatchObject({ total: 1, page: 1, per_page: 5 });
    const none = await t.call<DmaClientPage>({
      method: 'GET',
      url: '/api/dma/clients?search=zzzz-no-such',
      token: reseller.token,
    });
    expect(none.body.message.total).toBe(0);
  });

  it('acts as a verified client, records both identities, and returns to the reseller', async () => {
    const { reseller, client } = await resellerWithClient('Acting Agency');
    const unverifiedOwner = await createOwner(t, { verified: false, role: 'DMA_CLIENT' });
    await db().update(users).set({ dmaId: reseller.id }).where(eq(users.id, unverifiedOwner.user.id));
    const blocked = await t.call({
      method: 'POST',
      url: '/api/dma/client-shapeshift',
      token: reseller.token,
      payload: { _id: unverifiedOwner.user.id },
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('This account has not been verified.');

    const other = await resellerWithClient();
    const foreign = await t.call({
      method: 'POST',
      url: '/api/dma/client-shapeshift',
      token: reseller.token,
      payload: { _id: other.client.id },
    });
    expect(foreign.status).toBe(404);

    const acting = await t.call<ShapeshiftResult>({
      method: 'POST',
      url: '/api/dma/client-shapeshift',
      token: reseller.token,
      payload: { _id: client.id, refreshToken: 'ignored', email: client.email },
    });
    expect(acting.status).toBe(200);
    expect(acting.body.message.user).toMatchObject({ _id: client.id, role: 'DMA_CLIENT' });
    expect(acting.body.message.impersonator).toEqual({ _id: reseller.id, username: reseller.username });
    const asClient = acting.body.message.accessToken;
    const menu = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: asClient,
      payload: { name: 'By proxy' },
    });
    expect(menu.status).toBe(200);
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetUserId, client.id));
    expect(audit.some((row) => row.adminId === reseller.id)).toBe(true);
    // The reseller's own session ended.
    expect((await t.call({ method: 'GET', url: '/api/dma/clients', token: reseller.token })).status).toBe(
      401,
    );

    const back = await t.call<{ accessToken: string; user: { _id: string; role: string } }>({
      method: 'POST',
      url: '/api/admin/return',
      token: asClient,
    });
    expect(back.status).toBe(200);
    expect(back.body.message.user).toMatchObject({ _id: reseller.id, role: 'DMA' });
    const list = await t.call<DmaClientPage>({
      method: 'GET',
      url: '/api/dma/clients',
      token: back.body.message.accessToken,
    });
    expect(list.body.message.data.map((row) => row._id)).toContain(client.id);
  });

  it("deletes a client with the reseller's password: account, restaurant and a mail", async () => {
    const { reseller, client } = await resellerWithClient('Delete Agency');
    const remove = (payload: object, id = client.id) =>
      t.call({ method: 'DELETE', url: `/api/dma/delete-client/${id}`, token: reseller.token, payload });
    expect((await remove({ password: '' })).body.message).toBe(messages.adminPasswordRequired);
    expect((await remove({ password: 'Wrong12345' })).body.message).toBe(messages.wrongPassword);
    const other = await resellerWithClient();
    expect((await remove({ password: PASSWORD }, other.client.id)).status).toBe(404);

    const card = await saveCard(reseller.token);
    const price = await monthlyPrice(reseller.token);
    await t.call({
      method: 'POST',
      url: '/api/dma/clients-create-subscription',
      token: reseller.token,
      payload: { price_id: price.id, default_payment_method: card, clients: [client.id] },
    });
    const done = await remove({ password: PASSWORD });
    expect(done.body.message).toBe(messages.clientDeleted);
    const mail = await mailTo(client.email, /has been removed/);
    expect(mail.html).toContain('Delete Agency');
    expect(await db().select().from(users).where(eq(users.id, client.id))).toEqual([]);
    expect(await db().select().from(restaurants).where(eq(restaurants.id, client.restaurantId!))).toEqual([]);
    expect((await remove({ password: PASSWORD })).status).toBe(404);
  });
});

describe("the admin's DMA calls (doc 3 §2.2, §7.4)", () => {
  it('lists resellers with their clients, deletes a client and a reseller with the password', async () => {
    const { reseller, client } = await resellerWithClient('Listed Agency');
    const second = await invite(reseller);
    await t.call({
      method: 'POST',
      url: `/api/dma/client-accept-invitation?token=${second.token}`,
      payload: { password: PASSWORD },
    });
    const list = await t.call<AdminDma[]>({
      method: 'GET',
      url: '/api/admin/dma-list',
      token: root.accessToken,
    });
    const row = list.body.message.find((entry) => entry._id === reseller.id)!;
    expect(row).toMatchObject({ company_name: 'Listed Agency', username: reseller.username, state: true });
    expect(row.clients.map((entry) => entry.username).sort()).toEqual(
      [client.username, second.username].sort(),
    );
    expect(row.clients[0]?.restaurants).toHaveLength(1);

    const stats = await t.call<{ pendingDmas: number; dmas: number }>({
      method: 'GET',
      url: '/api/admin/statistics',
      token: root.accessToken,
    });
    expect(stats.body.message.dmas).toBeGreaterThan(0);

    const deleteClient = (payload: object) =>
      t.call({ method: 'POST', url: '/api/admin/delete-dma-client', token: root.accessToken, payload });
    expect(
      (await deleteClient({ dma_id: reseller.id, client_id: client.id, password: '' })).body.message,
    ).toBe(messages.adminPasswordRequired);
    const other = await resellerWithClient();
    expect(
      (await deleteClient({ dma_id: reseller.id, client_id: other.client.id, password: 'RootPass123' }))
        .status,
    ).toBe(404);
    const deleted = await deleteClient({
      dma_id: reseller.id,
      client_id: client.id,
      password: 'RootPass123',
    });
    expect(deleted.body.message).toBe(messages.clientDeleted);
    await mailTo(client.email, /has been removed/);

    const removeDma = (id: string, password: string) =>
      t.call({
        method: 'DELETE',
        url: `/api/admin/dma-delete/${id}`,
        token: root.accessToken,
        payload: { password },
      });
    expect((await removeDma(reseller.id, 'Wrong12345')).body.message).toBe(messages.wrongPassword);
    expect((await removeDma(client.id, 'RootPass123')).status).toBe(404);
    const gone = await removeDma(reseller.id, 'RootPass123');
    expect(gone.body.message).toBe(messages.dmaDeleted);
    await mailTo(reseller.email, /reseller account has been closed/);
    const [left] = await db().select().from(users).where(eq(users.username, second.username));
    expect(left).toMatchObject({ role: 'RESTAURANT', dmaId: null });
  });

  it('a reseller deleting its own account lets its clients go: subscription ended, owners again', async () => {
    const { reseller, client } = await resellerWithClient('Leaving Agency');
    const card = await saveCard(reseller.token);
    const price = await monthlyPrice(reseller.token);
    await t.call({
      method: 'POST',
      url: '/api/dma/clients-create-subscription',
      token: reseller.token,
      payload: { price_id: price.id, default_payment_method: card, clients: [client.id] },
    });
    const gone = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token: reseller.token,
      payload: { password: PASSWORD },
    });
    expect(gone.status).toBe(200);
    const [left] = await db().select().from(users).where(eq(users.id, client.id));
    expect(left).toMatchObject({ role: 'RESTAURANT', dmaId: null });
    const clientToken = (await signIn(t, client.username)).accessToken;
    const active = await t.call<{ active: boolean }>({
      method: 'GET',
      url: '/api/subscription/has-active',
      token: clientToken,
    });
    expect(active.body.message.active).toBe(false);
  });

  it('refuses a second reseller account for the same email', async () => {
    const reseller = await newReseller();
    const again = await t.call({
      method: 'POST',
      url: '/api/admin/send-dma-register-link',
      token: root.accessToken,
      payload: { email: reseller.email },
    });
    expect(again.body.message).toBe(messages.dmaEmailTaken);
  });
});

describe('roles (doc 3 §6)', () => {
  it('every /dma call needs the reseller role; the admin DMA calls need an admin', async () => {
    const owner = await ownerWithToken(t);
    const reseller = await newReseller();
    const id = '0123456789abcdef01234567';
    const dmaCalls: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/dma/clients-temporary' },
      { method: 'GET', url: '/api/dma/client-subscription-status' },
      { method: 'GET', url: '/api/dma/clients-statistics' },
      { method: 'GET', url: '/api/dma/product-prices' },
      { method: 'GET', url: `/api/dma/single-client?id=${id}` },
      { method: 'DELETE', url: `/api/dma/delete-client/${id}`, payload: { password: 'x' } },
      { method: 'DELETE', url: `/api/dma/delete-client-subscription/${id}?client_id=${id}` },
      { method: 'POST', url: `/api/dma/client-cancel-invitation?token=${id}` },
      { method: 'POST', url: '/api/dma/client-shapeshift', payload: { _id: id } },
      { method: 'GET', url: '/api/dma/clients' },
      { method: 'POST', url: '/api/dma/add-client', payload: { step: 1, email: 'a@b.co' } },
      {
        method: 'POST',
        url: '/api/dma/clients-create-subscription',
        payload: { price_id: 'p', default_payment_method: 'pm', clients: [id] },
      },
      { method: 'POST', url: '/api/dma/check-promo-code', payload: { promo_code: 'X', price_id: 'p' } },
    ];
    for (const call of dmaCalls) {
      for (const token of [owner.token, root.accessToken]) {
        const answer = await t.call({ ...call, token });
        expect(answer.status, `${call.method} ${call.url}`).toBe(403);
      }
      expect((await t.call(call)).status, `${call.method} ${call.url} signed out`).toBe(401);
    }
    const adminCalls: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/admin/dma-list' },
      { method: 'GET', url: '/api/admin/dma-list-pending' },
      { method: 'DELETE', url: `/api/admin/dma-delete/${id}`, payload: { password: 'x' } },
      { method: 'POST', url: '/api/admin/send-dma-register-link', payload: { email: 'a@b.co' } },
      { method: 'POST', url: `/api/admin/cancel-dma-invitation?token=${id}` },
      {
        method: 'POST',
        url: '/api/admin/delete-dma-client',
        payload: { dma_id: id, client_id: id, password: 'x' },
      },
    ];
    for (const call of adminCalls) {
      for (const token of [owner.token, reseller.token]) {
        expect((await t.call({ ...call, token })).status, `${call.method} ${call.url}`).toBe(403);
      }
    }
  });
});

describe('the registration link checks the anti-bot token (doc 2 §9: {email, reCaptchaToken})', () => {
  it('refuses a missing or forged token and sends nothing; a solved one sends the link', async () => {
    const guarded = await startTestApp({ CAPTCHA: 'altcha' });
    try {
      const login = await guarded.call<{ accessToken: string }>({
        method: 'POST',
        url: '/api/users/login',
        payload: {
          username: 'root@carte.test',
          password: 'RootPass123',
          reCaptchaToken: await solvedToken(guarded),
        },
      });
      const token = login.body.message.accessToken;
      const email = address('guarded');
      for (const reCaptchaToken of [undefined, 'forged']) {
        const refused = await guarded.call({
          method: 'POST',
          url: '/api/admin/send-dma-register-link',
          token,
          payload: { email, reCaptchaToken },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(messages.captchaFailed);
      }
      const invitations = () =>
        guarded.runtime.database.db
          .select()
          .from(dmaRegisterInvitations)
          .where(eq(dmaRegisterInvitations.email, email));
      expect(await invitations()).toHaveLength(0);
      const sent = await guarded.call({
        method: 'POST',
        url: '/api/admin/send-dma-register-link',
        token,
        payload: { email, reCaptchaToken: await solvedToken(guarded) },
      });
      expect(sent.status).toBe(200);
      expect(linkTo(await mailToOf(guarded, email, /reseller/i), '/dma-register')).toContain('token=');
      expect(await invitations()).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });
});
