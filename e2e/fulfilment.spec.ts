/**
 * Order fulfilment in a real browser (issue 12, ADR 0027): a customer buys on cab2c in French, the
 * operator ships the order through the API call (an operator client_credentials token, as the back
 * office will), first one line then the rest; the account order page shows "Partiellement
 * expédiée", then "Shipped" / "Expédiée" with each shipment's tracking number in English and in
 * French, and the "your order shipped" email reaches the SMTP sink with the tracking number.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { buyBoxAddButton, expectConfirmation, FR, newCustomer, QUEBEC_GUEST, signUp, type Labels, type Guest } from './shopper.ts';
import { readMails } from './smtp-sink.ts';

/** The operator client of the e2e server (playwright.config.ts OPERATOR_CLIENT_SECRET). */
const OPERATOR = { clientId: 'operator', clientSecret: process.env.E2E_OPERATOR_CLIENT_SECRET ?? 'e2e-only-operator-secret-0123456789abcdef' };

const exact = { exact: true } as const;

/** The API as the operator reaches it: the site is in the path (Node does not resolve `ca.localhost`). */
const API_ORIGIN = US_ORIGIN;

/** Adds a product's default variant from its French product page. */
async function addFromFrenchProductPage(page: Page, code: string): Promise<void> {
  await page.goto(`${CA_ORIGIN}/fr/p/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await buyBoxAddButton(page, FR).click();
  await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toBeVisible();
}

/** The signed-in checkout: a new address, standard shipping, billing as shipping, the test card, place. */
async function checkOutSignedIn(page: Page, L: Labels, g: Guest): Promise<string> {
  await page.getByRole('banner').getByRole('link', { name: L.cart }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.cartTitle })).toBeVisible();
  await page.getByRole('link', { name: L.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.checkoutTitle })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel(L.firstName, exact).fill(g.firstName);
  await main.getByLabel(L.lastName, exact).fill(g.lastName);
  await main.getByLabel(L.street, exact).fill(g.street);
  await main.getByLabel(L.city, exact).fill(g.city);
  await main.getByLabel(L.region, exact).selectOption({ label: g.region });
  await main.getByLabel(L.postal, exact).fill(g.postal);
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByRole('checkbox', { name: L.sameAsShipping })).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();
  await main.getByLabel(L.cardNumber, exact).fill(g.card);
  await main.getByLabel(L.expiry, exact).fill('12/34');
  await main.getByLabel(L.cvc, exact).fill('123');
  await page.getByRole('button', { name: L.placeOrder }).click();
  return expectConfirmation(page, L);
}

/** An operator access token (client_credentials of the operator client, scope operator). */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${API_ORIGIN}/authorizationserver/oauth/token`, {
    form: { grant_type: 'client_credentials', client_id: OPERATOR.clientId, client_secret: OPERATOR.clientSecret },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string; scope: string };
  expect(body.scope).toBe('operator');
  return body.access_token;
}

/** Ships (part of) a cab2c order through the operator call; answers the new status. */
async function ship(request: APIRequestContext, token: string, code: string, body: Record<string, unknown>): Promise<string> {
  const res = await request.post(`${API_ORIGIN}/rest/v2/cab2c/orders/${code}/consignments`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { status: string }).status;
}

test.describe('order fulfilment, cab2c', () => {
  test('l’opérateur expédie la commande en deux envois ; le client voit « Partiellement expédiée », puis Shipped / Expédiée avec les numéros de suivi', async ({ page, request }) => {
    test.setTimeout(180_000);
    const c = newCustomer('ship');
    await signUp(page, CA_ORIGIN, c);
    await addFromFrenchProductPage(page, DEMO_CODES.coffee);
    await addFromFrenchProductPage(page, DEMO_CODES.brewer);
    const code = await checkOutSignedIn(page, FR, QUEBEC_GUEST);

    // the operator ships the first line (the back office will make the same call)
    const token = await operatorToken(request);
    expect(await ship(request, token, code, { trackingNumber: 'CA-TRACK-0001', carrier: 'Postes Canada', entries: [{ entryNumber: 0, quantity: 1 }] })).toBe('partiallyshipped');
    await page.goto(`${CA_ORIGIN}/fr/compte/commandes/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: `Commande ${code}` })).toBeVisible();
    await expect(page.locator('.order-detail-meta').getByText('Partiellement expédiée', exact)).toBeVisible();
    const shipments = page.getByRole('region', { name: 'Envois' });
    await expect(shipments).toContainText('Numéro de suivi\u202f: CA-TRACK-0001');
    await expect(shipments).toContainText('Transporteur\u202f: Postes Canada');

    // then everything left
    expect(await ship(request, token, code, { trackingNumber: 'CA-TRACK-0002' })).toBe('shipped');

    // English on cab2c
    await page.goto(`${CA_ORIGIN}/account/orders/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${code}` })).toBeVisible();
    await expect(page.locator('.order-detail-meta').getByText('Shipped', exact)).toBeVisible();
    const en = page.getByRole('region', { name: 'Shipments' });
    await expect(en.getByRole('heading', { name: /^Shipment \d/ })).toHaveCount(2);
    await expect(en).toContainText('Tracking number: CA-TRACK-0001');
    await expect(en).toContainText('Tracking number: CA-TRACK-0002');
    await expectAccessible(page, 'shipped order (en)');
    await shoot(page, 'order-shipped-en');

    // French
    await page.goto(`${CA_ORIGIN}/fr/compte/commandes/${code}`);
    await expect(page.locator('.order-detail-meta').getByText('Expédiée', exact)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Envois' })).toContainText('Numéro de suivi\u202f: CA-TRACK-0002');
    await shoot(page, 'order-shipped-fr');

    // the shipment emails, in the order's language (French), reached the SMTP sink
    await expect.poll(() => readMails().filter((m) => m.includes(code) && m.includes('CA-TRACK-0002')).length, { timeout: 15_000 }).toBe(1);
    const mail = readMails().find((m) => m.includes(code) && m.includes('CA-TRACK-0002')) ?? '';
    expect(mail).toContain(c.email);
    // French (the sink's reader decodes quoted-printable byte by byte: compare ASCII text)
    expect(mail).toContain('de suivi');
    expect(mail).toContain('Brewhaus Canada');
  });
});
