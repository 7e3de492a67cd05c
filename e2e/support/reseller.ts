import { expect } from 'vitest';
import type { MailSink } from '../../apps/server/test/mail-sink.ts';
import { apiFor, signInApi } from './api.ts';

/** What a journey needs of a reseller and its client to sign in as either. */
export interface ResellerAndClient {
  resellerEmail: string;
  resellerUsername: string;
  clientEmail: string;
  clientUsername: string;
  /** The client's restaurant: `Cafe {tag}`. */
  restaurantName: string;
}

export const RESELLER_PASSWORD = 'Reseller123';
export const CLIENT_PASSWORD = 'Cafe12345';

/**
 * A reseller with one accepted client, made through the API as people make them: the super admin
 * mails the registration link, the reseller registers from it and invites the client, who accepts
 * from the mailed invitation.
 */
export async function resellerWithClient(
  baseUrl: string,
  sink: MailSink,
  tag: string,
): Promise<ResellerAndClient> {
  const made: ResellerAndClient = {
    resellerEmail: `partner_${tag}@carte.test`,
    resellerUsername: `partner_${tag}`,
    clientEmail: `cafe_${tag}@carte.test`,
    clientUsername: `cafe_${tag}`,
    restaurantName: `Cafe ${tag}`,
  };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const linkIn = async (to: string, path: string) => {
    const mail = await sink.waitFor((caught) => caught.to.includes(to), 20_000);
    return new URL(mail.links.find((href) => href.includes(`${path}?token=`))!).searchParams.get('token');
  };

  const rootApi = apiFor(baseUrl, await signInApi(baseUrl, 'root@carte.test', 'RootPass123'));
  await rootApi.call('POST', '/api/admin/send-dma-register-link', { email: made.resellerEmail });
  const registerToken = await linkIn(made.resellerEmail, '/dma-register');
  const registered = await post(`/api/dma/register?token=${registerToken}`, {
    username: made.resellerUsername,
    company_name: 'Harbour Partners',
    password: RESELLER_PASSWORD,
    confirm_password: RESELLER_PASSWORD,
  });
  expect(registered.status).toBe(200);
  const resellerApi = apiFor(baseUrl, await signInApi(baseUrl, made.resellerUsername, RESELLER_PASSWORD));
  await resellerApi.call('POST', '/api/dma/add-client', {
    step: 2,
    email: made.clientEmail,
    username: made.clientUsername,
    restaurant_name: made.restaurantName,
  });
  const clientToken = await linkIn(made.clientEmail, '/dma-client-verify-invitation');
  const accepted = await post(`/api/dma/client-accept-invitation?token=${clientToken}`, {
    password: CLIENT_PASSWORD,
  });
  expect(accepted.status).toBe(200);
  return made;
}
