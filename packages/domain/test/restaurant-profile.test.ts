import { describe, expect, it } from 'vitest';
import {
  addRestaurantLabel,
  ctaHref,
  ctaLabel,
  fieldErrors,
  messages,
  plainText,
  restaurantTypeDisplay,
  restaurantTypeLabel,
  restaurantTypes,
  restaurantUpdateSchema,
  richTextLength,
  webAddress,
  withHttps,
} from '../src/index.ts';

describe('business types (doc 2 §3, §5)', () => {
  it('include restaurant and food truck, with labels for messages and upper case for display', () => {
    expect(restaurantTypes).toContain('RESTAURANT');
    expect(restaurantTypes).toContain('FOOD_TRUCK');
    expect(restaurantTypes.length).toBeGreaterThanOrEqual(10);
    expect(restaurantTypeLabel('FOOD_TRUCK')).toBe('Food truck');
    expect(restaurantTypeLabel('SPACESHIP')).toBe('Restaurant');
    expect(restaurantTypeDisplay('COFFEE_SHOP')).toBe('COFFEE SHOP');
  });

  it('"Add Food Truck" for a food truck, "Add Location" for every business with an address', () => {
    expect(addRestaurantLabel('FOOD_TRUCK')).toBe('Add Food Truck');
    expect(addRestaurantLabel('RESTAURANT')).toBe('Add Location');
    expect(addRestaurantLabel('CAFE')).toBe('Add Location');
  });
});

describe('links (doc 1 §5: https:// added when missing)', () => {
  it('adds https:// to addresses without a scheme and keeps other schemes for the checks', () => {
    expect(withHttps('tacos.example')).toBe('https://tacos.example');
    expect(withHttps(' http://tacos.example ')).toBe('http://tacos.example');
    expect(withHttps('javascript:alert(1)')).toBe('javascript:alert(1)');
  });

  it('web addresses are http(s) with a host name', () => {
    expect(webAddress('instagram.com/tacos')).toBe('https://instagram.com/tacos');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('not a link')).toBeNull();
    expect(webAddress('tacos')).toBeNull();
  });

  it('the button leads to a call, a maps search, a maps link or a web page', () => {
    expect(ctaHref({ type: 'call_to_order', link: '+1 (212) 555-0100' })).toBe('tel:+12125550100');
    expect(ctaHref({ type: 'call_to_order', link: 'call us' })).toBeNull();
    expect(ctaHref({ type: 'take_me_there', link: '12 Market St, Springfield' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Market%20St%2C%20Springfield',
    );
    expect(ctaHref({ type: 'take_me_there', link: 'maps.app.goo.gl/x' })).toBe('https://maps.app.goo.gl/x');
    expect(ctaHref({ type: 'order_online', link: 'order.example.com' })).toBe('https://order.example.com');
    expect(ctaHref({ type: 'website', link: '' })).toBeNull();
    expect(ctaLabel({ type: 'order_ahead', label: ' ' })).toBe('Order ahead');
    expect(ctaLabel({ type: 'order_ahead', label: 'Pre-order' })).toBe('Pre-order');
  });
});

describe('the description (doc 2 §5: hint max 200 characters)', () => {
  it('counts the text a reader sees, not the markup', () => {
    expect(richTextLength('<p><strong>Hi</strong> &amp; welcome</p>')).toBe(12);
    expect(plainText('<p>One</p><p>Two</p>')).toBe('One Two');
    expect(plainText('&#99999999;')).toBe('&#99999999;');
  });
});

describe('the Settings form schema (one schema for the form and the server)', () => {
  const errors = (payload: unknown) => {
    const result = restaurantUpdateSchema.safeParse(payload);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('names the business type in the empty-name message', () => {
    expect(errors({ name: '', restaurantType: 'BAKERY' })).toEqual({ name: 'Bakery name cannot be empty' });
  });

  it('puts each message under its field', () => {
    expect(
      errors({
        name: 'Taco Wheels',
        menu_period_transition: '',
        description: `<p>${'x'.repeat(201)}</p>`,
        cta: { type: 'call_to_order', link: 'soon', enabled: true },
        social: [
          { media: 'facebook', url: '' },
          { media: 'instagram', url: 'not a link' },
        ],
      }),
    ).toEqual({
      menu_period_transition: messages.menuTransitionInvalid,
      description: 'Description must be at most 200 characters',
      'cta.link': messages.phoneInvalid,
      'social.1.url': messages.linkInvalid,
    });
  });

  it('reads JSON text where the form sends JSON (doc 2 §7)', () => {
    const parsed = restaurantUpdateSchema.parse({
      social: JSON.stringify([{ media: 'yelp', url: 'yelp.com/biz/tacos' }]),
      qrSettings: JSON.stringify({
        colorDark: '#000000',
        colorLight: '#ffffff',
        backgroundImageAlpha: '0.5',
      }),
    });
    expect(parsed.social).toEqual([{ media: 'yelp', url: 'https://yelp.com/biz/tacos' }]);
    expect(parsed.qrSettings?.backgroundImageAlpha).toBe(0.5);
  });
});
