import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { ownerWithToken, signIn } from '../factories.ts';
import { cases } from './route-table.ts';
import { buildTenant, fresh, send, type Tenant } from './tenants.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});

afterAll(async () => {
  await t?.close();
});

/**
 * Whether a tenant still holds what its requests rely on: every record, the menu showing the
 * category, the category holding both dishes, the dish's side dish, the child under its parent, the
 * customization, the own dietary entry, the media item and the pending member. Deleting, replacing or
 * unlinking requests break it.
 */
async function intact(tenant: Tenant): Promise<boolean> {
  const result = await t.runtime.database.db.execute<{ ok: boolean }>(sql`
    select
      exists (select 1 from menu_categories where menu_id = ${tenant.menu} and category_id = ${tenant.category})
      and (select count(*) from category_dishes where category_id = ${tenant.category}
           and dish_id in (${tenant.dish}, ${tenant.sideDish})) = 2
      and exists (select 1 from dish_side_dishes where dish_id = ${tenant.dish} and side_dish_id = ${tenant.sideDish})
      and exists (select 1 from ingredients where id = ${tenant.childIngredient} and parent_id = ${tenant.ingredient})
      and exists (select 1 from customizations where id = ${tenant.customization})
      and exists (select 1 from restaurants where id = ${tenant.restaurantId}
                  and dietary->'diets' ? ${tenant.dietaryName})
      and exists (select 1 from media where id = ${tenant.media})
      and exists (select 1 from users where id = ${tenant.member} and verified_at is null)
      as ok`);
  return result.rows[0]?.ok === true;
}

describe('controls: each request, aimed at the caller’s own records, succeeds', () => {
  // The matrix's refusals only mean something if the same request is otherwise valid: sent by an
  // owner at its own records, it must answer 2xx. The records are rebuilt after a request broke them.
  let owner: Awaited<ReturnType<typeof ownerWithToken>> & { refreshToken: string };
  let mine: Tenant | null = null;
  beforeAll(async () => {
    const created = await ownerWithToken(t);
    owner = { ...created, refreshToken: (await signIn(t, created.user.username)).refreshToken };
  });

  it.each(cases.filter((entry) => !entry.variant.noControl))('$name', async ({ key, variant }) => {
    if (!mine || !(await intact(mine))) {
      mine = await buildTenant(
        t,
        { token: owner.token, userId: owner.user.id, restaurantId: owner.restaurant.id },
        fresh('C'),
      );
    }
    const answer = await send(
      t,
      owner.token,
      key,
      variant.request({ target: mine, own: mine, refreshToken: owner.refreshToken, fresh }),
    );
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(300);
  });
});
