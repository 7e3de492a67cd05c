import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type BasePlan, BILLING_LINK_LIFETIME_MS, localCheckoutPath } from '@carte/domain';
import type { PaymentsProvider } from './payments.ts';

/** What a manage link of the test portal grants: one subscription of one restaurant, for a while. */
export interface LocalPortalGrant {
  subscriptionId: string;
  restaurantId: string;
}

export interface LocalPayments extends PaymentsProvider {
  readonly kind: 'local';
  /** The grant of a manage link's token, or null when it is forged, malformed or expired. */
  readPortalToken(token: string): LocalPortalGrant | null;
}

/** The manage page; `back` is the same-origin path its "Back to Carte" link leads to. */
export const localPortalPath = (token: string, back?: string) =>
  `/billing/portal/${encodeURIComponent(token)}${back ? `?back=${encodeURIComponent(back)}` : ''}`;

const ID_BYTES = 12;
const GRANT_BYTES = ID_BYTES * 2 + 4;
const SIGNATURE_BYTES = 16;
const isHexId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/**
 * BILLING_PROVIDER=local (decisions §2): a test checkout built into Carte that charges nothing and is
 * labelled so. Checkout session ids are 192 random bits (unguessable); the billing service binds each
 * to the restaurant that opened it. A manage link's token is the subscription id, the restaurant id
 * and an expiry (one hour), signed with HMAC-SHA-256 (128 bits kept): it needs no table, cannot be
 * re-pointed at another restaurant's subscription, and stays short enough for a URL path segment.
 */
export function createLocalPayments(options: {
  plan: BasePlan;
  hmacKey: string;
  now: () => Date;
}): LocalPayments {
  const key = createHmac('sha256', options.hmacKey).update('carte:local-billing-portal').digest();
  const sign = (grant: Buffer) =>
    createHmac('sha256', key).update(grant).digest().subarray(0, SIGNATURE_BYTES);

  return {
    kind: 'local',
    async prices() {
      return options.plan;
    },
    async createCheckoutSession() {
      const id = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { id, url: localCheckoutPath(id) };
    },
    async createPortalSession(input) {
      if (!isHexId(input.subscriptionId) || !isHexId(input.restaurantId)) throw new Error('not an id');
      const grant = Buffer.alloc(GRANT_BYTES);
      grant.write(input.subscriptionId, 0, 'hex');
      grant.write(input.restaurantId, ID_BYTES, 'hex');
      grant.writeUInt32BE(
        Math.floor((options.now().getTime() + BILLING_LINK_LIFETIME_MS) / 1000),
        ID_BYTES * 2,
      );
      const token = `${grant.toString('base64url')}.${sign(grant).toString('base64url')}`;
      return { url: localPortalPath(token, input.returnPath) };
    },
    readPortalToken(token) {
      const [grantText, signatureText, extra] = token.split('.');
      if (!grantText || !signatureText || extra !== undefined) return null;
      const grant = Buffer.from(grantText, 'base64url');
      const signature = Buffer.from(signatureText, 'base64url');
      if (grant.length !== GRANT_BYTES || signature.length !== SIGNATURE_BYTES) return null;
      if (!timingSafeEqual(sign(grant), signature)) return null;
      if (grant.readUInt32BE(ID_BYTES * 2) * 1000 <= options.now().getTime()) return null;
      return {
        subscriptionId: grant.subarray(0, ID_BYTES).toString('hex'),
        restaurantId: grant.subarray(ID_BYTES, ID_BYTES * 2).toString('hex'),
      };
    },
  };
}
