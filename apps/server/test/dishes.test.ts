import { type Dish, type Ingredient, messages } from '@carte/domain';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryDishes, dishes } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, memberWithToken, ownerWithToken, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);
const asLocation = async (parentId: string) => {
  const owner = await createLocationOwner(t, parentId);
  return { ...owner, token: await tokenFor(t, owner.user.username) };
};

const createDish = async (token: string, body: Record<string, unknown> = {}) => {
  const { status, body: answer } = await t.call<Dish>({
    method: 'POST',
    url: '/api/dishes',
    token,
    payload: { name: 'Margherita', price: '9.50', ...body },
  });
  if (status !== 200) throw new Error(`dish not created: ${JSON.stringify(answer)}`);
  return answer.message;
};

const createIngredients = async (token: string, names: string[]) => {
  const { body } = await t.call<{ insertedIngredients: Ingredient[] }>({
    method: 'POST',
    url: '/api/ingredients',
    token,
    payload: { ingredients: names },
  });
  return body.message.insertedIngredients;
};

const createCategory = async (restaurantId: string, name = 'Pizzas') => {
  const [row] = await db().insert(categories).values({ restaurantId, name }).returning();
  return row!;
};

const categoryOrder = async (categoryId: string) =>
  (
    await db()
      .select({ dishId: categoryDishes.dishId })
      .from(categoryDishes)
      .where(eq(categoryDishes.categoryId, categoryId))
      .orderBy(asc(categoryDishes.position))
  ).map((row) => row.dishId);

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3333' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 50, height: 50, channels: 3, background: '#33cc66' } })
    .gif()
    .toBuffer();

/** A dish form as the browser sends it: text fields, lists as JSON text, the image as a file part. */
const dishForm = (fields: Record<string, unknown>, image?: { name: string; data: Buffer; type?: string }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (image)
    form.append(
      'image',
      new Blob([new Uint8Array(image.data)], { type: image.type ?? 'image/png' }),
      image.name,
    );
  return form;
};

const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

describe('dishes: sign-in', () => {
  it('answers 401 to every route without a token', async () => {
    const id = 'a'.repeat(24);
    const calls = [
      { method: 'GET', url: '/api/dishes' },
      { method: 'GET', url: `/api/dishes/${id}` },
      { method: 'POST', url: '/api/dishes', payload: { name: 'x', price: '1' } },
      { method: 'PUT', url: `/api/dishes/${id}`, payload: { name: 'x', price: '1' } },
      { method: 'DELETE', url: '/api/dishes', payload: { ids: [id] } },
      { method: 'POST', url: `/api/dishes/${id}/clone`, payload: {} },
    ] as const;
    for (const call of calls) {
      const { status, body } = await t.call(call);
      expect(status, `${call.method} ${call.url}`).toBe(401);
      expect(body.confirmation).toBe('Fail');
    }
  });
});

describe('POST /api/dishes', () => {
  it('creates a dish with its ingredients, side dishes, customizations, dietary and category', async () => {
    const owner = await asOwner();
    const [tomato, basil] = await createIngredients(owner.token, ['Tomato', 'Basil']);
    const side = await createDish(owner.token, { name: 'Fries', price: 3 });
    const category = await createCategory(owner.restaurant.id);
    const older = await createDish(owner.token, { name: 'Older', price: 1, category: category.id });
    const customizations = await t.call<{ _id: string }[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: owner.token,
      payload: {
        customizations: [
          { name: 'Size', isCustom: true, isFixedPrice: true, options: [{ name: 'Large', price: 2 }] },
        ],
      },
    });
    const sizeId = customizations.body.message[0]!._id;
    await t.call({
      method: 'POST',
      url: '/api/dishes/update-dietary',
      token: owner.token,
      payload: { name: 'Low carb', type: 'diets' },
    });

    const { status, body } = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: {
        name: '  Pizza Napoli ',
        description: '<p>Hot <strong>and</strong> fresh</p>',
        price: '12.5',
        calories: 850,
        alcoholPercentage: '',
        isAvailable: true,
        category: category.id,
        ingredients: [basil!._id, tomato!._id],
        sideDishes: [side._id],
        customizations: {
          selected: [sizeId],
          custom: [
            {
              name: 'Extras',
              isCustom: false,
              isFixedPrice: false,
              options: [{ ingredient: basil!._id, price: 10 }],
            },
          ],
        },
        dietaryConsiderations: {
          selected: { diets: ['Low carb', 'Unknown'], foodTypes: [], other: [] },
          admin: { diets: ['Vegan'], foodTypes: ['Milk'], other: [] },
        },
      },
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Pizza Napoli',
      description: '<p>Hot <strong>and</strong> fresh</p>',
      price: 12.5,
      calories: 850,
      alcoholPercentage: null,
      image: null,
      isAvailable: true,
      ingredients: [
        { ingredient: { _id: basil!._id, name: 'Basil' } },
        { ingredient: { _id: tomato!._id, name: 'Tomato' } },
      ],
      sideDishes: [side._id],
      category: category.id,
      categories: [category.id],
      fromParent: false,
      dietaryConsiderations: {
        selected: { diets: ['Low carb'], foodTypes: [], other: [] },
        admin: { diets: ['Vegan'], foodTypes: ['Milk'], other: [] },
      },
    });
    expect(body.message.customizations.selected).toEqual([sizeId]);
    expect(body.message.customizations.custom[0]).toMatchObject({
      name: 'Extras',
      isCustom: false,
      options: [{ ingredient: basil!._id, name: null, price: 10, isAvailable: true }],
    });
    expect(body.message.customizations.custom[0]!._id).toMatch(/^[0-9a-f]{24}$/);

    // New dishes at the top of the owner's list (doc 1 §4), at the end of their category (issue 22).
    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: owner.token });
    expect(list.body.message.map((dish) => dish.name)).toEqual(['Pizza Napoli', 'Older', 'Fries']);
    expect(await categoryOrder(category.id)).toEqual([older._id, body.message._id]);

    // The ingredients now count one dish each.
    const ingredients = await t.call<Ingredient[]>({
      method: 'GET',
      url: '/api/ingredients',
      token: owner.token,
    });
    expect(ingredients.body.message.map((item) => item.count)).toEqual([1, 1]);
  });

  it('answers the messages of doc 1 §5 and stores nothing', async () => {
    const owner = await asOwner();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', price: '1' }, messages.dishNameRequired],
      [{ price: '1' }, messages.dishNameRequired],
      [{ name: 'Soup', price: 'abc' }, messages.priceInvalid],
      [{ name: 'Soup', price: '-1' }, messages.priceInvalid],
      [{ name: 'Soup', price: '1.234' }, messages.priceInvalid],
      [{ name: 'Soup', price: '1', calories: -5 }, messages.caloriesNegative],
      [{ name: 'Soup', price: '1', alcoholPercentage: -1 }, messages.alcoholNegative],
      [{ name: 'Soup', price: '1', alcoholPercentage: '100.5' }, messages.alcoholTooHigh],
      [
        {
          name: 'Soup',
          price: '1',
          customizations: {
            custom: [{ name: '', isCustom: true, isFixedPrice: true, options: [{ price: 1 }] }],
          },
        },
        messages.fillThisField,
      ],
      [
        {
          name: 'Soup',
          price: '1',
          customizations: {
            custom: [{ name: 'Sauce', isCustom: false, isFixedPrice: true, options: [{ price: 1 }] }],
          },
        },
        messages.fieldRequired,
      ],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await t.call({
        method: 'POST',
        url: '/api/dishes',
        token: owner.token,
        payload,
      });
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(message);
    }
    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: owner.token });
    expect(list.body.message).toEqual([]);
  });

  it('allows a name that exists (the browser asks first, doc 1 §5)', async () => {
    const owner = await asOwner();
    await createDish(owner.token, { name: 'Soup' });
    const second = await createDish(owner.token, { name: 'soup' });
    expect(second.name).toBe('soup');
  });

  it('sanitizes the rich-text description: no scripts, handlers or javascript: links', async () => {
    const owner = await asOwner();
    const dirty =
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script>' +
      '<p style="text-align: center; position: fixed">Hello <strong>bold</strong> <em>soft</em>' +
      ' <a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a></p>' +
      '<ul><li class="ql-indent-1 evil">one</li></ul><ol start="3"><li>three</li></ol>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.test"></iframe>';
    const dish = await createDish(owner.token, { description: dirty });
    expect(dish.description).not.toMatch(/script|onclick|onerror|javascript:|iframe|<img|position|evil/);
    expect(dish.description).toContain('<p>Hello <strong>bold</strong> <em>soft</em>');
    expect(dish.description).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(dish.description).toContain('<a>bad</a>');
    expect(dish.description).toContain('<ul><li>one</li></ul><ol start="3"><li>three</li></ol>');
  });

  it('keeps only what every menu template shows: headings and quotes become paragraphs, fonts and sizes go (issue 22)', async () => {
    const owner = await asOwner();
    const dish = await createDish(owner.token, {
      description:
        '<h1>Big</h1><h3>Small</h3><blockquote>Quote</blockquote>' +
        '<p style="margin-left: 4em">Our <span style="font-size: 32px; font-family: Georgia; color: red">house</span>' +
        ' <u>special</u> <s>old</s></p>',
    });
    expect(dish.description).toBe('<p>Big</p><p>Small</p><p>Quote</p><p>Our house special old</p>');
  });

  it('refuses references the caller may not use', async () => {
    const a = await asOwner();
    const b = await asOwner();
    const [aIngredient] = await createIngredients(a.token, ['Saffron']);
    const aDish = await createDish(a.token, { name: 'A dish' });
    const aCategory = await createCategory(a.restaurant.id);
    const aWide = await t.call<{ _id: string }[]>({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: a.token,
      payload: {
        customizations: [
          { name: 'Size', isCustom: true, isFixedPrice: true, options: [{ name: 'L', price: 1 }] },
        ],
      },
    });
    const cases = [
      { ingredients: [aIngredient!._id] },
      { sideDishes: [aDish._id] },
      { category: aCategory.id },
      { customizations: { selected: [aWide.body.message[0]!._id] } },
      {
        customizations: {
          custom: [
            {
              name: 'Extra',
              isCustom: false,
              isFixedPrice: true,
              options: [{ ingredient: aIngredient!._id, price: 1 }],
            },
          ],
        },
      },
    ];
    for (const extra of cases) {
      const { status } = await t.call({
        method: 'POST',
        url: '/api/dishes',
        token: b.token,
        payload: { name: 'B dish', price: '1', ...extra },
      });
      expect(status, JSON.stringify(extra)).toBe(404);
    }
    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: b.token });
    expect(list.body.message).toEqual([]);
  });
});

describe('dish images (multipart)', () => {
  it('stores a PNG and serves its WebP variants; a JPEG replaces it; removeImage clears it', async () => {
    const owner = await asOwner();
    const created = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: dishForm(
        { name: 'Burger', price: '11', isAvailable: 'false', ingredients: [], calories: '' },
        { name: 'burger.png', data: await png() },
      ),
    });
    expect(created.status).toBe(200);
    const dish = created.body.message;
    expect(dish).toMatchObject({ name: 'Burger', price: 11, isAvailable: false, calories: null });
    expect(dish.imageVariants?.card).toMatch(/^\/media\/dish\/[0-9a-f]{24}\/card\.webp$/);
    // The specification's one URL is the largest variant.
    expect(dish.image).toBe(dish.imageVariants?.full);
    const card = await fetchMedia(dish.imageVariants!.card);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect((await sharp(card.rawPayload).metadata()).format).toBe('webp');

    const replaced = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: dishForm(
        { name: 'Burger', price: '11' },
        { name: 'photo.JPG', data: await jpeg(), type: 'image/jpeg' },
      ),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.message.image).not.toBe(dish.image);
    expect((await fetchMedia(replaced.body.message.imageVariants!.card)).statusCode).toBe(200);
    expect((await fetchMedia(dish.imageVariants!.card)).statusCode).toBe(404);

    // An update without a file keeps the image.
    const kept = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: { name: 'Burger', price: '12' },
    });
    expect(kept.body.message.image).toBe(replaced.body.message.image);

    const removed = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: dishForm({ name: 'Burger', price: '12', removeImage: 'true' }),
    });
    expect(removed.body.message.image).toBeNull();
    expect((await fetchMedia(replaced.body.message.imageVariants!.card)).statusCode).toBe(404);
  });

  it('refuses a GIF, a text file named .png and a file over 10 MB with the messages of doc 1 §5', async () => {
    const owner = await asOwner();
    const cases: [{ name: string; data: Buffer; type?: string }, string][] = [
      [{ name: 'anim.gif', data: await gif(), type: 'image/gif' }, messages.fileNotAllowed],
      [{ name: 'sneaky.png', data: Buffer.from('just some text, not a picture') }, messages.fileNotAllowed],
      [{ name: 'renamed.png', data: await gif() }, messages.fileNotAllowed],
      [{ name: 'huge.png', data: Buffer.alloc(10_485_760 + 1024, 7) }, messages.fileTooBig('huge.png')],
    ];
    for (const [image, message] of cases) {
      const { status, body } = await t.call({
        method: 'POST',
        url: '/api/dishes',
        token: owner.token,
        payload: dishForm({ name: 'Pic', price: '1' }, image),
      });
      expect(status, image.name).toBe(400);
      expect(body.message).toBe(message);
    }
    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: owner.token });
    expect(list.body.message).toEqual([]);
  });
});

describe('GET and PUT /api/dishes/:id', () => {
  it('reads one dish and replaces its fields and lists', async () => {
    const owner = await asOwner();
    const [salt, pepper] = await createIngredients(owner.token, ['Salt', 'Pepper']);
    const side = await createDish(owner.token, { name: 'Bread' });
    const dish = await createDish(owner.token, { name: 'Steak', ingredients: [salt!._id] });
    const first = await createCategory(owner.restaurant.id, 'Mains');
    const second = await createCategory(owner.restaurant.id, 'Specials');

    const read = await t.call<Dish>({ method: 'GET', url: `/api/dishes/${dish._id}`, token: owner.token });
    expect(read.body.message).toEqual(dish);

    const { status, body } = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: {
        name: 'Ribeye',
        price: 25,
        calories: '700',
        alcoholPercentage: 0,
        isAvailable: false,
        ingredients: [pepper!._id],
        sideDishes: [side._id],
        category: first.id,
      },
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Ribeye',
      price: 25,
      calories: 700,
      alcoholPercentage: 0,
      isAvailable: false,
      ingredients: [{ ingredient: { _id: pepper!._id, name: 'Pepper' } }],
      sideDishes: [side._id],
      categories: [first.id],
    });
    // A second category keeps the first one.
    const again = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: { name: 'Ribeye', price: 25, category: second.id },
    });
    expect(again.body.message.categories.sort()).toEqual([first.id, second.id].sort());
  });

  it('refuses a dish as its own side dish', async () => {
    const owner = await asOwner();
    const dish = await createDish(owner.token);
    const { status, body } = await t.call({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: { name: 'Margherita', price: '9.50', sideDishes: [dish._id] },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(messages.sideDishSelf);
  });

  it('keeps the ids of the dish-specific customizations it had', async () => {
    const owner = await asOwner();
    const custom = [
      { name: 'Sauce', isCustom: true, isFixedPrice: true, options: [{ name: 'BBQ', price: 0.5 }] },
    ];
    const dish = await createDish(owner.token, { customizations: { custom } });
    const saved = dish.customizations.custom[0]!;
    const { body } = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: {
        name: 'Margherita',
        price: '9.50',
        customizations: {
          custom: [
            { ...saved, options: [...saved.options, { name: 'Mayo', price: 0.3 }] },
            { name: 'sauce', isCustom: true, isFixedPrice: true, options: [{ name: 'X', price: 1 }] },
          ],
        },
      },
    });
    expect(body.message).toBe(messages.nameExists('sauce'));
    const ok = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: {
        name: 'Margherita',
        price: '9.50',
        customizations: { custom: [{ ...saved, options: [...saved.options, { name: 'Mayo', price: 0.3 }] }] },
      },
    });
    expect(ok.body.message.customizations.custom[0]!._id).toBe(saved._id);
    expect(ok.body.message.customizations.custom[0]!.options[0]!._id).toBe(saved.options[0]!._id);
    expect(ok.body.message.customizations.custom[0]!.options).toHaveLength(2);
  });
});

describe('DELETE /api/dishes', () => {
  it('deletes own dishes with their images, all or none', async () => {
    const owner = await asOwner();
    const other = await asOwner();
    const withImage = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: dishForm({ name: 'Pictured', price: '4' }, { name: 'p.png', data: await png(100, 100) }),
    });
    const plain = await createDish(owner.token, { name: 'Plain' });
    const foreign = await createDish(other.token, { name: 'Foreign' });

    const mixed = await t.call({
      method: 'DELETE',
      url: '/api/dishes',
      token: owner.token,
      payload: { ids: [plain._id, foreign._id] },
    });
    expect(mixed.status).toBe(404);
    expect(
      (await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: owner.token })).body.message,
    ).toHaveLength(2);

    const { status, body } = await t.call({
      method: 'DELETE',
      url: '/api/dishes',
      token: owner.token,
      payload: { ids: [plain._id, withImage.body.message._id] },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(messages.dishDeleted);
    expect(
      (await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: owner.token })).body.message,
    ).toEqual([]);
    expect((await fetchMedia(withImage.body.message.imageVariants!.card)).statusCode).toBe(404);
    // The other restaurant's dish is untouched.
    expect(
      (await t.call({ method: 'GET', url: `/api/dishes/${foreign._id}`, token: other.token })).status,
    ).toBe(200);
  });
});

describe('POST /api/dishes/:id/clone', () => {
  it('makes an unavailable copy with a new date and the same lists, then 412 on the same name', async () => {
    const owner = await asOwner();
    const [cheese] = await createIngredients(owner.token, ['Cheese']);
    const side = await createDish(owner.token, { name: 'Salad' });
    const category = await createCategory(owner.restaurant.id);
    const original = await createDish(owner.token, {
      name: 'Lasagna',
      ingredients: [cheese!._id],
      sideDishes: [side._id],
      category: category.id,
      customizations: {
        custom: [{ name: 'Size', isCustom: true, isFixedPrice: true, options: [{ name: 'XL', price: 3 }] }],
      },
    });
    t.clock.advance(60_000);

    const { status, body } = await t.call<Dish>({
      method: 'POST',
      url: `/api/dishes/${original._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(status).toBe(200);
    const copy = body.message;
    expect(copy).toMatchObject({
      name: 'Lasagna (copy)',
      isAvailable: false,
      price: original.price,
      ingredients: original.ingredients,
      sideDishes: [side._id],
      categories: [category.id],
      fromParent: false,
    });
    expect(copy._id).not.toBe(original._id);
    expect(new Date(copy.createdAt).getTime()).toBeGreaterThan(new Date(original.createdAt).getTime());
    expect(copy.customizations.custom[0]).toMatchObject({
      name: 'Size',
      options: [{ name: 'XL', price: 3 }],
    });
    // The copy joins the end of the category, like any new dish (issue 22).
    expect(await categoryOrder(category.id)).toEqual([original._id, copy._id]);

    const again = await t.call({
      method: 'POST',
      url: `/api/dishes/${original._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(again.status).toBe(412);
    expect(again.body.message).toBe(messages.nameExists('Lasagna (copy)'));

    const caseClash = await t.call({
      method: 'POST',
      url: `/api/dishes/${original._id}/clone`,
      token: owner.token,
      payload: { name: 'LASAGNA (COPY)' },
    });
    expect(caseClash.status).toBe(412);

    const retried = await t.call<Dish>({
      method: 'POST',
      url: `/api/dishes/${original._id}/clone`,
      token: owner.token,
      payload: { name: 'Lasagna (copy) (copy)' },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.message.name).toBe('Lasagna (copy) (copy)');
  });

  it('copies the image into files of its own', async () => {
    const owner = await asOwner();
    const created = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: dishForm({ name: 'Cake', price: '5' }, { name: 'cake.png', data: await png(120, 80) }),
    });
    const copy = await t.call<Dish>({
      method: 'POST',
      url: `/api/dishes/${created.body.message._id}/clone`,
      token: owner.token,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.message.image).not.toBe(created.body.message.image);
    await t.call({
      method: 'DELETE',
      url: '/api/dishes',
      token: owner.token,
      payload: { ids: [created.body.message._id] },
    });
    expect((await fetchMedia(copy.body.message.imageVariants!.card)).statusCode).toBe(200);
  });
});

describe('dishes: permissions (doc 1 §6)', () => {
  it('a member without the dish flag gets 403 on every change; with it, succeeds; both may read', async () => {
    const owner = await asOwner();
    const dish = await createDish(owner.token);
    const without = await asMember(owner.restaurant.id, { menu: true, category: true, ingredient: true });
    const withFlag = await asMember(owner.restaurant.id, { dish: true });

    const changes = [
      { method: 'POST', url: '/api/dishes', payload: { name: 'M', price: '1' } },
      { method: 'PUT', url: `/api/dishes/${dish._id}`, payload: { name: 'M', price: '1' } },
      { method: 'POST', url: `/api/dishes/${dish._id}/clone`, payload: {} },
      { method: 'DELETE', url: '/api/dishes', payload: { ids: [dish._id] } },
    ] as const;
    for (const call of changes) {
      const { status, body } = await t.call({ ...call, token: without.token });
      expect(status, `${call.method} ${call.url}`).toBe(403);
      expect(body.message).toBe(messages.permissionDenied);
    }
    // The flag is checked before the body: no validation answer without it.
    const invalid = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: without.token,
      payload: { name: '' },
    });
    expect(invalid.status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/dishes', token: without.token })).status).toBe(200);
    for (const call of changes) {
      const { status } = await t.call({ ...call, token: withFlag.token });
      expect(status, `${call.method} ${call.url}`).toBe(200);
    }
  });
});

describe('dishes: another restaurant (STYLE rule 5)', () => {
  it('can neither read nor change the first restaurant’s dishes by id (404)', async () => {
    const a = await asOwner();
    const b = await asOwner();
    const dish = await createDish(a.token, { name: 'Secret' });
    const calls = [
      { method: 'GET', url: `/api/dishes/${dish._id}` },
      { method: 'PUT', url: `/api/dishes/${dish._id}`, payload: { name: 'Hacked', price: '1' } },
      { method: 'POST', url: `/api/dishes/${dish._id}/clone`, payload: {} },
      { method: 'DELETE', url: '/api/dishes', payload: { ids: [dish._id] } },
    ] as const;
    for (const call of calls) {
      const { status } = await t.call({ ...call, token: b.token });
      expect(status, `${call.method} ${call.url}`).toBe(404);
    }
    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: b.token });
    expect(list.body.message).toEqual([]);
    const still = await t.call<Dish>({ method: 'GET', url: `/api/dishes/${dish._id}`, token: a.token });
    expect(still.body.message.name).toBe('Secret');
  });
});

describe('dishes: a location and its parent (decisions §4)', () => {
  it('sees the parent’s dishes read-only (403 on changes) and may clone them', async () => {
    const parent = await asOwner();
    const [flour] = await createIngredients(parent.token, ['Flour']);
    const parentCategory = await createCategory(parent.restaurant.id, 'Breads');
    const parentDish = await createDish(parent.token, {
      name: 'Focaccia',
      ingredients: [flour!._id],
      category: parentCategory.id,
    });
    const location = await asLocation(parent.restaurant.id);

    const list = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: location.token });
    expect(list.body.message).toHaveLength(1);
    expect(list.body.message[0]).toMatchObject({ _id: parentDish._id, fromParent: true });

    const writes = [
      { method: 'PUT', url: `/api/dishes/${parentDish._id}`, payload: { name: 'Mine', price: '1' } },
      { method: 'DELETE', url: '/api/dishes', payload: { ids: [parentDish._id] } },
    ] as const;
    for (const call of writes) {
      const { status } = await t.call({ ...call, token: location.token });
      expect(status, `${call.method} ${call.url}`).toBe(403);
    }
    // Joining the parent's category changes it: refused too.
    const joining = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: location.token,
      payload: { name: 'Mine', price: '1', category: parentCategory.id },
    });
    expect(joining.status).toBe(403);

    // The parent's ingredients and dishes may be used by the location's own dishes.
    const own = await createDish(location.token, {
      name: 'Own bread',
      ingredients: [flour!._id],
      sideDishes: [parentDish._id],
    });
    expect(own.fromParent).toBe(false);

    const clone = await t.call<Dish>({
      method: 'POST',
      url: `/api/dishes/${parentDish._id}/clone`,
      token: location.token,
      payload: {},
    });
    expect(clone.status).toBe(200);
    expect(clone.body.message).toMatchObject({
      name: 'Focaccia (copy)',
      fromParent: false,
      isAvailable: false,
      ingredients: [{ ingredient: { _id: flour!._id } }],
      categories: [],
    });
    const edit = await t.call({
      method: 'PUT',
      url: `/api/dishes/${clone.body.message._id}`,
      token: location.token,
      payload: { name: 'My focaccia', price: '4' },
    });
    expect(edit.status).toBe(200);
    // The parent never sees the location's dishes.
    const parentList = await t.call<Dish[]>({ method: 'GET', url: '/api/dishes', token: parent.token });
    expect(parentList.body.message.map((dish) => dish._id)).toEqual([parentDish._id]);
    const [row] = await db()
      .select({ name: dishes.name })
      .from(dishes)
      .where(and(eq(dishes.id, parentDish._id)));
    expect(row!.name).toBe('Focaccia');
  });
});
