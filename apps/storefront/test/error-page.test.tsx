import { describe, expect, it } from 'vitest';
import { ErrorPage, NotFoundPage } from '../app/components/ErrorPage.tsx';
import { renderWith, textOf } from './render.tsx';

describe('generic error page (spec §2, §8)', () => {
  it('has the exact English text, links, phone and hours on usb2c', () => {
    const html = renderWith(<ErrorPage site="usb2c" lang="en" />, 'usb2c', 'en');
    const text = textOf(html);
    expect(text).toContain('SORRY, SOMETHING WENT WRONG!');
    expect(text).toContain('Looks like we brewed decaf by mistake. You can start over from our home page.');
    expect(text).toContain('1-800-555-0142');
    expect(text).toContain('7 days a week, 7:00 a.m. to 12:00 a.m. EST');
    expect(text).toContain('We reply by email within 24-48 hours');
    for (const href of ['href="/"', 'href="/c/BV_BDN_DD_KC"', 'href="/c/BR"', 'href="/c/ACC_GC"', 'href="/content/support/email-us-page"', 'href="tel:+18005550142"']) {
      expect(html).toContain(href);
    }
    expect(text).toContain('Beverages');
    expect(text).toContain('Coffee makers');
    expect(text).toContain('Accessories');
  });

  it('is French on cab2c /fr, with the Canadian number and French links', () => {
    const html = renderWith(<ErrorPage site="cab2c" lang="fr" />, 'cab2c', 'fr');
    const text = textOf(html);
    expect(text).toContain('DÉSOLÉ, UNE ERREUR S’EST PRODUITE\u202f!');
    expect(text).toContain('1-888-555-0168');
    expect(text).toContain('7 jours sur 7');
    expect(text).toContain('Nous répondons par courriel dans un délai de 24 à 48 heures');
    expect(html).toContain('href="/fr/content/support/email-us-page"');
    expect(html).toContain('href="/fr/c/BR"');
    expect(text).toContain('Cafetières');
    expect(text).not.toContain('SORRY');
  });

  it('shows the English Canadian page with the Canadian number', () => {
    const text = textOf(renderWith(<ErrorPage site="cab2c" lang="en" />, 'cab2c', 'en'));
    expect(text).toContain('SORRY, SOMETHING WENT WRONG!');
    expect(text).toContain('1-888-555-0168');
  });

  it('shows its own variant on the commercial brand (usafh)', () => {
    const html = renderWith(<ErrorPage site="usafh" lang="en" />, 'usafh', 'en');
    const text = textOf(html);
    expect(html).toContain('data-error-page="usafh"');
    expect(text).not.toContain('SORRY, SOMETHING WENT WRONG!');
    expect(text).not.toContain('decaf');
    expect(text).toContain('SORRY, OUR OFFICE BREWER HIT A SNAG!');
    expect(text).toContain('1-877-555-0190');
    expect(text).not.toContain('1-800-555-0142');
    expect(text).toContain('7 days a week, 7:00 a.m. to 12:00 a.m. EST');
  });
});

describe('503 variant (issue 9 item 4: the store cannot reach its database)', () => {
  it('says so in English, with a "Try again" link to the page asked for, and keeps the brand\'s support contact', () => {
    const html = renderWith(<ErrorPage site="usb2c" lang="en" unavailable retryHref="/cart?x=1" />, 'usb2c', 'en');
    const text = textOf(html);
    expect(html).toContain('data-unavailable="true"');
    expect(text).toContain('SORRY, WE ARE BREWING A FRESH POT!');
    expect(text).toContain('The store is taking a short break. Please try again in a moment: your cart and your account are safe.');
    expect(text).not.toContain('decaf');
    expect(html).toMatch(/<a href="\/cart\?x=1" class="btn btn-primary">Try again<\/a>/);
    expect(html).toContain('href="/content/support/email-us-page"');
    expect(text).toContain('1-800-555-0142');
  });

  it('is French on cab2c /fr, with French typography', () => {
    const html = renderWith(<ErrorPage site="cab2c" lang="fr" unavailable retryHref="/fr/panier" />, 'cab2c', 'fr');
    const text = textOf(html);
    expect(text).toContain('DÉSOLÉ, NOUS INFUSONS UNE NOUVELLE CAFETIÈRE\u202f!');
    expect(text).toContain('Veuillez réessayer dans un instant\u202f: votre panier et votre compte sont en sécurité.');
    expect(html).toMatch(/<a href="\/fr\/panier" class="btn btn-primary">Réessayer<\/a>/);
    expect(text).toContain('1-888-555-0168');
    expect(text).not.toContain('SORRY');
  });
});

describe('404 page', () => {
  it('exists in both languages', () => {
    expect(textOf(renderWith(<NotFoundPage lang="en" />))).toContain('Page not found');
    const fr = renderWith(<NotFoundPage lang="fr" />, 'cab2c', 'fr');
    expect(textOf(fr)).toContain('Page introuvable');
    expect(fr).toContain('href="/fr"');
  });
});
