import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageMeta } from '../app/lib/meta.ts';

describe('pageMeta', () => {
  it('makes canonical and hreflang links absolute on the request origin', () => {
    const tags = pageMeta({
      title: 'Colombian Highlands | Brewhaus',
      canonical: '/colombian-highlands/p/ST-1',
      alternates: { en: '/colombian-highlands/p/ST-1', fr: '/fr/hautes-terres/p/ST-1' },
      origin: 'https://www.brewhaus.ca',
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://www.brewhaus.ca/colombian-highlands/p/ST-1' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://www.brewhaus.ca/colombian-highlands/p/ST-1' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'fr-CA', href: 'https://www.brewhaus.ca/fr/hautes-terres/p/ST-1' });
  });

  it('keeps paths without an origin, and absolute URLs as they are', () => {
    expect(pageMeta({ title: 'Home', canonical: '/' })).toContainEqual({ tagName: 'link', rel: 'canonical', href: '/' });
    expect(absoluteUrl('https://cdn.example/x', 'https://www.brewhaus.com')).toBe('https://cdn.example/x');
    expect(absoluteUrl('/c/BR?page=2', 'http://localhost:3000')).toBe('http://localhost:3000/c/BR?page=2');
    expect(pageMeta(undefined)).toEqual([]);
  });
});
