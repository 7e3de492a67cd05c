import { describe, expect, it } from 'vitest';
import { canPickFromMedia, editedFileName, freeFileName, mediaFileName } from '../src/index.ts';

describe('media file names', () => {
  it('keep the uploaded name without folders, control characters or extra spaces', () => {
    expect(mediaFileName('pizza.jpg')).toBe('pizza.jpg');
    expect(mediaFileName('C:\\Users\\me\\My  Photo.PNG')).toBe('My Photo.PNG');
    expect(mediaFileName('../../etc/passwd')).toBe('passwd');
    expect(mediaFileName('bad\u0000name\u0007.png')).toBe('badname.png');
    expect(mediaFileName('lone\ud800.png')).toBe('lone.png');
    expect(mediaFileName('  ')).toBe('image');
    expect(mediaFileName('..')).toBe('image');
  });

  it('are cut to 120 characters, keeping the extension', () => {
    const long = `${'a'.repeat(300)}.jpeg`;
    const cut = mediaFileName(long);
    expect(cut).toHaveLength(120);
    expect(cut.endsWith('a.jpeg')).toBe(true);
  });

  it('take the first free "(n)" suffix before the extension', () => {
    expect(freeFileName('a.png', new Set())).toBe('a.png');
    expect(freeFileName('a.png', new Set(['a.png', 'a (2).png']))).toBe('a (3).png');
    expect(freeFileName('readme', new Set(['readme']))).toBe('readme (2)');
  });

  it('name a crop "… (edited)", once', () => {
    expect(editedFileName('pizza.jpg')).toBe('pizza (edited).jpg');
    expect(editedFileName('pizza (edited).jpg')).toBe('pizza (edited).jpg');
    expect(editedFileName('pizza (edited) (3).jpg')).toBe('pizza (edited).jpg');
  });
});

describe('canPickFromMedia (doc 2 §6: hidden when the permissions are dish only)', () => {
  it('refuses a member whose only flag is dish', () => {
    expect(canPickFromMedia('MEMBER', { dish: true })).toBe(false);
    expect(canPickFromMedia('MEMBER', { dish: true, menu: false })).toBe(false);
  });

  it('allows owners, clients and members with any other flag', () => {
    expect(canPickFromMedia('RESTAURANT', {})).toBe(true);
    expect(canPickFromMedia('DMA_CLIENT', null)).toBe(true);
    expect(canPickFromMedia('MEMBER', { dish: true, ingredient: true })).toBe(true);
    expect(canPickFromMedia('MEMBER', { menu: true })).toBe(true);
    expect(canPickFromMedia('MEMBER', { restaurant: true })).toBe(true);
  });
});
