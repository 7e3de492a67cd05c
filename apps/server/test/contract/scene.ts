import { createMember, createOwner } from '../factories.ts';
import { expectSuccess, type SpecClient } from './spec-client.ts';
import { signedIn } from './spec-shapes.ts';

/**
 * The people of a scene, signed in with the login payload of doc 2 §3. Accounts are arranged with
 * the test factories (the accounts contract covers registering through the API).
 */
export async function ownerSession(api: SpecClient) {
  const owner = await createOwner(api.t);
  return { ...(await signIn(api, owner.user.username, owner.password)), restaurantId: owner.restaurant.id };
}

/** A member of the restaurant holding exactly these flags (doc 1 §6). */
export async function memberSession(api: SpecClient, restaurantId: string, flags: Record<string, boolean>) {
  const member = await createMember(api.t, restaurantId, flags);
  return signIn(api, member.user.username, member.password);
}

async function signIn(api: SpecClient, username: string, password: string) {
  const session = expectSuccess(
    await api.send('POST', '/users/login', {
      json: { username, password, reCaptchaToken: 'token-from-the-widget' },
    }),
    signedIn,
  );
  return { token: session.accessToken };
}
