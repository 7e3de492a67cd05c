import { randomBytes } from 'node:crypto';
import type { Role } from '@carte/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { restaurants, users } from '../../src/db/schema.ts';
import type { TestApp } from '../app.ts';
import { createLocationOwner, createMember, createOwner, signIn } from '../factories.ts';
import { bodies } from './route-table.ts';

/** The records of one restaurant the isolation suite aims at: each kind of workshop record once. */
export interface Tenant {
  label: string;
  restaurantId: string;
  ownerUserId: string;
  /** A published menu holding `category`. */
  menu: string;
  /** A category holding `dish` and `sideDish`. */
  category: string;
  /** A dish with both ingredients, `sideDish` as upsell, the customization selected and `dietaryName`. */
  dish: string;
  sideDish: string;
  /** A top-level ingredient with `childIngredient` under it. */
  ingredient: string;
  childIngredient: string;
  /** A restaurant-wide customization. */
  customization: string;
  /** An entry of the restaurant's own dietary list (diets). */
  dietaryName: string;
  /** An image of the restaurant's media library, and its file name (what the delete call names). */
  media: string;
  mediaFileName: string;
  /** The path of that image's largest variant (the edit call may name an item by it). */
  mediaImage: string;
  /** A member invited by the owner who has not completed the invitation yet (dish flag). */
  member: string;
  /** A menu display (in `zone` of the restaurant's layout) showing `menu`. */
  display: string;
  zone: string;
}

export interface Answer {
  status: number;
  text: string;
  json: { statusCode?: number; confirmation?: string; message?: unknown } | null;
}

/** What a request carries besides its method and path. */
export interface RequestSpec {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data instead of JSON. */
  form?: {
    fields: Record<string, string>;
    files: { field: string; filename: string; content: string | Uint8Array<ArrayBuffer> }[];
  };
}

/** Sends `METHOD /path/{param}` (an OpenAPI key) with a request spec, as `token` when given. */
export async function send(t: TestApp, token: string | null, key: string, spec: RequestSpec = {}) {
  const [method, path] = key.split(' ') as [string, string];
  let url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = spec.params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  if (spec.query && Object.keys(spec.query).length > 0) url += `?${new URLSearchParams(spec.query)}`;
  let payload: unknown;
  if (spec.form) {
    const form = new FormData();
    for (const file of spec.form.files) form.append(file.field, new Blob([file.content]), file.filename);
    for (const [name, value] of Object.entries(spec.form.fields)) form.append(name, value);
    payload = form;
  } else if (spec.body !== undefined) {
    payload = spec.body;
  }
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });
  let json: Answer['json'] = null;
  try {
    json = response.json();
  } catch {
    json = null;
  }
  return { status: response.statusCode, text: response.body, json } satisfies Answer;
}

/** The envelope's message of an answer, typed as the caller expects it. */
export function messageOf<T>(answer: Answer): T {
  if (!answer.json) throw new Error(`not JSON: ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.json.message as T;
}

let counter = 0;
/** A name never used before in this test file. */
export const fresh = (label: string) => `${label} ${process.pid}-${++counter}`;

const tagOf = () => randomBytes(3).toString('hex');

/** A small real picture for the media library (the upload checks content). */
const tinyPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer(),
  );

/** Sends and insists on success: building fixtures must not fail quietly. */
async function must<T>(t: TestApp, token: string, key: string, spec: RequestSpec): Promise<T> {
  const answer = await send(t, token, key, spec);
  if (answer.status >= 300) throw new Error(`fixture ${key} answered ${answer.status}: ${answer.text}`);
  return answer.json?.message as T;
}

/**
 * Fills a restaurant through its owner's own API calls, so every record is one the API itself made:
 * two ingredients (parent and child), a customization, an own dietary entry, a side dish and a dish
 * using all of them, a category holding both dishes, a published menu showing it, a menu filter and
 * an invited member.
 */
export async function buildTenant(
  t: TestApp,
  owner: { token: string; userId: string; restaurantId: string },
  label: string,
): Promise<Tenant> {
  const tag = tagOf();
  const { token } = owner;
  // Every tenant offers French besides English, so the translation routes (issue 24) take 'fr'.
  await t.runtime.database.db
    .update(restaurants)
    .set({ languages: { default: 'en', others: ['fr'] } })
    .where(eq(restaurants.id, owner.restaurantId));
  const made = await must<{ insertedIngredients: { _id: string }[] }>(t, token, 'POST /api/ingredients', {
    body: { ingredients: [`Flour ${label} ${tag}`] },
  });
  const ingredient = made.insertedIngredients[0]!._id;
  const child = await must<{ insertedIngredients: { _id: string }[] }>(t, token, 'POST /api/ingredients', {
    body: { ingredients: [`Rye ${label} ${tag}`], parent: ingredient },
  });
  const childIngredient = child.insertedIngredients[0]!._id;
  const customizations = await must<{ _id: string }[]>(t, token, 'POST /api/restaurants/set-customizations', {
    body: {
      customizations: [
        {
          name: `Size ${tag}`,
          isCustom: true,
          isFixedPrice: true,
          options: [{ name: 'Large', price: 1 }],
        },
      ],
    },
  });
  const dietaryName = `Diet ${label} ${tag}`;
  await must(t, token, 'POST /api/dishes/update-dietary', { body: { name: dietaryName, type: 'diets' } });
  const sideDish = await must<{ _id: string }>(t, token, 'POST /api/dishes', {
    body: { name: `Fries ${label} ${tag}`, price: 3 },
  });
  const dish = await must<{ _id: string }>(t, token, 'POST /api/dishes', {
    body: {
      name: `Bread ${label} ${tag}`,
      price: 5,
      ...bodies.dishIngredients([ingredient, childIngredient]),
      sideDishes: [sideDish._id],
      customizations: { selected: [customizations[0]!._id], custom: [] },
      dietaryConsiderations: {
        selected: { diets: [dietaryName], foodTypes: [], other: [] },
        admin: { diets: [], foodTypes: [], other: [] },
      },
    },
  });
  const category = await must<{ _id: string }>(t, token, 'POST /api/categories', {
    body: { name: `Mains ${label} ${tag}`, dishes: [dish._id, sideDish._id] },
  });
  const menu = await must<{ _id: string }>(t, token, 'POST /api/menus', {
    body: { name: `Lunch ${label} ${tag}`, categories: [{ category: category._id }], draft: false },
  });
  await must(t, token, 'POST /api/restaurants/set-filter', {
    body: { enabled: true, filter: [{ name: 'Grains', ingredients: [ingredient] }] },
  });
  const mediaFileName = `Photo ${label} ${tag}.png`;
  const uploaded = await must<{ data: { _id: string; fileName: string; image: string }[] }>(
    t,
    token,
    'POST /api/restaurants/upload-media',
    { form: bodies.mediaUpload(mediaFileName, await tinyPng()) },
  );
  const invited = await must<{ member: { _id: string } }>(t, token, 'POST /api/members', {
    body: bodies.memberInvite(`team-${label.replace(/\W+/g, '-')}-${tag}@carte.test`),
  });
  const layout = await must<{ locations: { zones: { _id: string; maps: { _id: string }[] }[] }[] }>(
    t,
    token,
    'POST /api/maps',
    { body: bodies.layout(owner.restaurantId, [menu._id]) },
  );
  return {
    label,
    restaurantId: owner.restaurantId,
    ownerUserId: owner.userId,
    menu: menu._id,
    category: category._id,
    dish: dish._id,
    sideDish: sideDish._id,
    ingredient,
    childIngredient,
    customization: customizations[0]!._id,
    dietaryName,
    media: uploaded.data[0]!._id,
    mediaFileName: uploaded.data[0]!.fileName,
    mediaImage: uploaded.data[0]!.image,
    member: invited.member._id,
    display: layout.locations[0]!.zones[0]!.maps[0]!._id,
    zone: layout.locations[0]!.zones[0]!._id,
  };
}

/** Every id of a tenant, to look for in answers that must not show them. */
export const idsOf = (tenant: Tenant): string[] => [
  tenant.restaurantId,
  tenant.ownerUserId,
  tenant.menu,
  tenant.category,
  tenant.dish,
  tenant.sideDish,
  tenant.ingredient,
  tenant.childIngredient,
  tenant.customization,
  tenant.media,
  tenant.member,
  tenant.display,
  tenant.zone,
];

// ---------- who acts ----------

/** The roles acting in the matrix: every role that exists today (packages/domain/src/roles.ts). */
export const actorKinds = [
  'owner of A',
  'member of A without flags',
  'member of A with restaurant',
  'member of A with menu',
  'member of A with category',
  'member of A with dish',
  'member of A with ingredient',
  'member of A with member',
  'owner of a location of A',
  'owner of a location of B',
  'client (DMA_CLIENT) of a reseller',
  'reseller (DMA)',
  'admin (ADMIN)',
  'super admin (SUPER_ADMIN)',
] as const;
export type ActorKind = (typeof actorKinds)[number];

export interface Actor {
  kind: ActorKind;
  role: Role;
  token: string;
  refreshToken: string;
  /** The records of the actor's own restaurant; for users without one, A's (they are refused first). */
  own: Tenant;
  /** The restaurant whose records the actor inherits read-only (a location's parent), or null. */
  inheritsFrom: string | null;
}

const memberFlags: Partial<Record<ActorKind, string>> = {
  'member of A with restaurant': 'restaurant',
  'member of A with menu': 'menu',
  'member of A with category': 'category',
  'member of A with dish': 'dish',
  'member of A with ingredient': 'ingredient',
  'member of A with member': 'member',
};

export interface World {
  t: TestApp;
  /** The restaurant whose members act. */
  a: Tenant;
  /** The restaurant every request aims at. */
  b: Tenant;
  ownerB: { token: string };
  actors: Partial<Record<ActorKind, Actor>>;
}

/**
 * Two restaurants A and B, each filled by its owner, and the asked-for actors with their own
 * restaurants filled too (a location of A, a location of B, a reseller's client).
 */
export async function buildWorld(t: TestApp, kinds: readonly ActorKind[]): Promise<World> {
  const session = async (username: string) => {
    const tokens = await signIn(t, username);
    return { token: tokens.accessToken, refreshToken: tokens.refreshToken };
  };
  const tenantOf = async (
    owner: { user: { id: string; username: string }; restaurant: { id: string } },
    label: string,
  ) => {
    const tokens = await session(owner.user.username);
    const tenant = await buildTenant(
      t,
      { token: tokens.token, userId: owner.user.id, restaurantId: owner.restaurant.id },
      label,
    );
    return { tenant, ...tokens };
  };

  const ownerA = await createOwner(t, { restaurantName: 'Restaurant A' });
  const ownerB = await createOwner(t, { restaurantName: 'Restaurant B' });
  const a = await tenantOf(ownerA, 'A');
  const b = await tenantOf(ownerB, 'B');
  const actors: World['actors'] = {};

  for (const kind of kinds) {
    const flag = memberFlags[kind];
    if (kind === 'owner of A') {
      actors[kind] = {
        kind,
        role: 'RESTAURANT',
        token: a.token,
        refreshToken: a.refreshToken,
        own: a.tenant,
        inheritsFrom: null,
      };
    } else if (kind === 'member of A without flags' || flag) {
      const member = await createMember(t, a.tenant.restaurantId, flag ? { [flag]: true } : {});
      actors[kind] = {
        kind,
        role: 'MEMBER',
        ...(await session(member.user.username)),
        own: a.tenant,
        inheritsFrom: null,
      };
    } else if (kind === 'owner of a location of A' || kind === 'owner of a location of B') {
      const parent = kind === 'owner of a location of A' ? a.tenant : b.tenant;
      const location = await createLocationOwner(t, parent.restaurantId);
      const built = await tenantOf(location, `location of ${parent.label}`);
      actors[kind] = {
        kind,
        role: 'RESTAURANT',
        token: built.token,
        refreshToken: built.refreshToken,
        own: built.tenant,
        inheritsFrom: parent.restaurantId,
      };
    } else if (kind === 'client (DMA_CLIENT) of a reseller') {
      // A reseller's client owns a restaurant and holds every flag (domain effectivePermissions).
      const client = await createOwner(t, { role: 'DMA_CLIENT' });
      await t.runtime.database.db
        .update(users)
        .set({ restaurantId: client.restaurant.id })
        .where(eq(users.id, client.user.id));
      const built = await tenantOf(client, 'client');
      actors[kind] = {
        kind,
        role: 'DMA_CLIENT',
        token: built.token,
        refreshToken: built.refreshToken,
        own: built.tenant,
        inheritsFrom: null,
      };
    } else if (kind === 'super admin (SUPER_ADMIN)') {
      // Created at start from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD (test/app.ts).
      const tokens = await signIn(t, 'root@carte.test', 'RootPass123');
      actors[kind] = {
        kind,
        role: 'SUPER_ADMIN',
        token: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        own: a.tenant,
        inheritsFrom: null,
      };
    } else {
      const role: Role = kind === 'reseller (DMA)' ? 'DMA' : 'ADMIN';
      const user = await createOwner(t, { role });
      actors[kind] = {
        kind,
        role,
        ...(await session(user.user.username)),
        own: a.tenant,
        inheritsFrom: null,
      };
    }
  }
  return { t, a: a.tenant, b: b.tenant, ownerB: { token: b.token }, actors };
}

// ---------- what changed ----------

/** The tables a request of the workshop can change, each with its order and how it belongs to a restaurant. */
const snapshotTables: { table: string; order: string; of: (restaurantId: string) => SQL }[] = [
  { table: 'restaurants', order: 'x.id', of: (r) => sql`x.id = ${r}` },
  { table: 'users', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'ingredients', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'categories', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'dishes', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'menus', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'customizations', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'subscriptions', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'analytics_events', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'media', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  {
    table: 'dish_ingredients',
    order: 'x.dish_id, x.ingredient_id',
    of: (r) => sql`x.dish_id in (select id from dishes where restaurant_id = ${r})`,
  },
  {
    table: 'dish_side_dishes',
    order: 'x.dish_id, x.side_dish_id',
    of: (r) => sql`x.dish_id in (select id from dishes where restaurant_id = ${r})`,
  },
  {
    table: 'category_dishes',
    order: 'x.category_id, x.dish_id',
    of: (r) => sql`x.category_id in (select id from categories where restaurant_id = ${r})`,
  },
  { table: 'display_zones', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  { table: 'menu_displays', order: 'x.id', of: (r) => sql`x.restaurant_id = ${r}` },
  {
    table: 'menu_display_menus',
    order: 'x.display_id, x.menu_id',
    of: (r) => sql`x.display_id in (select id from menu_displays where restaurant_id = ${r})`,
  },
  {
    table: 'menu_categories',
    order: 'x.menu_id, x.category_id',
    of: (r) => sql`x.menu_id in (select id from menus where restaurant_id = ${r})`,
  },
  { table: 'app_settings', order: 'x.key', of: () => sql`false` },
];

/**
 * Every row of the workshop's tables as one JSON text (one round trip), or only the rows of one
 * restaurant: its own records and the links they hold.
 */
export async function snapshot(t: TestApp, restaurantId?: string): Promise<string> {
  const parts = snapshotTables.map(
    ({ table, order, of }) =>
      sql`${sql.raw(`'${table}'`)}, (select coalesce(json_agg(x order by ${sql.raw(order)}), '[]'::json) from ${sql.raw(table)} x ${
        restaurantId ? sql`where ${of(restaurantId)}` : sql``
      })`,
  );
  const result = await t.runtime.database.db.execute<{ state: string }>(
    sql`select json_build_object(${sql.join(parts, sql`, `)})::text as state`,
  );
  return result.rows[0]!.state;
}

/**
 * Links between records of restaurants that may not share them: a record may point at its own
 * restaurant's records or, for a location, at its parent's; restaurant-wide customizations chosen by
 * a dish must be the dish's own restaurant's. Answers every link that breaks the rule.
 */
export async function foreignLinks(t: TestApp): Promise<{ link: string; holder: string; target: string }[]> {
  const result = await t.runtime.database.db.execute<{ link: string; holder: string; target: string }>(sql`
    with links(link, holder, target, own_only) as (
      select 'dish ingredient', d.restaurant_id, i.restaurant_id, false
        from dish_ingredients l join dishes d on d.id = l.dish_id join ingredients i on i.id = l.ingredient_id
      union all select 'side dish', d.restaurant_id, s.restaurant_id, false
        from dish_side_dishes l join dishes d on d.id = l.dish_id join dishes s on s.id = l.side_dish_id
      union all select 'category dish', c.restaurant_id, d.restaurant_id, false
        from category_dishes l join categories c on c.id = l.category_id join dishes d on d.id = l.dish_id
      union all select 'menu category', m.restaurant_id, c.restaurant_id, false
        from menu_categories l join menus m on m.id = l.menu_id join categories c on c.id = l.category_id
      union all select 'ingredient parent', i.restaurant_id, p.restaurant_id, false
        from ingredients i join ingredients p on p.id = i.parent_id
      union all select 'selected customization', d.restaurant_id, c.restaurant_id, true
        from dishes d cross join jsonb_array_elements_text(d.customizations->'selected') s(id)
        join customizations c on c.id = s.id
      union all select 'customization option ingredient', c.restaurant_id, i.restaurant_id, false
        from customizations c cross join jsonb_array_elements(c.options) o(option)
        join ingredients i on i.id = o.option->>'ingredient'
      union all select 'dish option ingredient', d.restaurant_id, i.restaurant_id, false
        from dishes d cross join jsonb_array_elements(d.customizations->'custom') c(item)
        cross join jsonb_array_elements(c.item->'options') o(option)
        join ingredients i on i.id = o.option->>'ingredient'
      union all select 'display menu', d.restaurant_id, m.restaurant_id, false
        from menu_display_menus l join menu_displays d on d.id = l.display_id join menus m on m.id = l.menu_id
      union all select 'filter ingredient', r.restaurant_id, i.restaurant_id, false
        from (select id as restaurant_id, filter_options from restaurants where filter_options is not null) r
        cross join jsonb_array_elements(r.filter_options->'filter') f(entry)
        cross join jsonb_array_elements_text(f.entry->'ingredients') e(id)
        join ingredients i on i.id = e.id
    )
    select l.link, l.holder, l.target from links l join restaurants r on r.id = l.holder
    where l.target <> l.holder and (l.own_only or l.target is distinct from r.parent_id)`);
  return result.rows;
}
