/**
 * The pod quiz in a real browser (issue 13 "Pod quiz"; ADR 0034): the home-page section's link,
 * the quiz in French without JavaScript (one question per page, progress, back link keeping the
 * answers, results with the reason, add a result to the cart, start again), a signed-in customer's
 * answers saved and restored ("your last results", prefilled questions), and axe on the quiz pages
 * and the home section; screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { expectCartCount, FR, newCustomer, signUp } from './shopper.ts';

const NNBSP = '\u202F';

test.describe('pod quiz without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('French (cab2c): from the home section, five questions one per page, results with reasons, add to cart', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${CA_ORIGIN}/fr`);
    const section = page.getByRole('region', { name: `Vous hésitez entre plusieurs capsules${NNBSP}?` });
    await expect(section).toBeVisible();
    await section.getByRole('link', { name: 'Faire le quiz des capsules' }).click();
    await expect(page).toHaveURL(/\/fr\/quiz-capsules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trouvez votre capsule' })).toBeVisible();
    await page.getByRole('link', { name: 'Commencer le quiz' }).click();

    await expect(page.getByText('Question 1 sur 5')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Quelle torréfaction aimez-vous${NNBSP}?` })).toBeVisible();
    await page.getByLabel(/^Foncée/).check();
    await page.getByRole('button', { name: 'Question suivante' }).click();

    await expect(page.getByText('Question 2 sur 5')).toBeVisible();
    // back to question 1: the answer is still chosen
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page.getByText('Question 1 sur 5')).toBeVisible();
    await expect(page.getByLabel(/^Foncée/)).toBeChecked();
    await page.getByRole('button', { name: 'Question suivante' }).click();

    await page.getByLabel('Café classique', { exact: true }).check();
    await page.getByRole('button', { name: 'Question suivante' }).click();
    await expect(page.getByText('Question 3 sur 5')).toBeVisible();
    await page.getByLabel('Caféine complète', { exact: true }).check();
    await page.getByRole('button', { name: 'Question suivante' }).click();
    await expect(page.getByText('Question 4 sur 5')).toBeVisible();
    await page.getByLabel('Pas de préférence', { exact: true }).check();
    await page.getByRole('button', { name: 'Question suivante' }).click();
    await expect(page.getByText('Question 5 sur 5')).toBeVisible();
    await page.getByLabel('Chaud', { exact: true }).check();
    await page.getByRole('button', { name: 'Voir mes capsules' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Vos capsules idéales' })).toBeVisible();
    const reasons = page.locator('.quiz-reason');
    await expect(reasons.first()).toContainText('Torréfaction foncée, café classique, caféiné, à boire chaud, comme vous l’avez demandé');
    await expect(page.getByRole('link', { name: 'Connectez-vous pour enregistrer vos réponses pour la prochaine fois.' })).toBeVisible();

    const first = page.locator('.quiz-result').first();
    const name = (await first.getByRole('heading', { level: 2 }).innerText()).trim();
    await first.getByRole('button', { name: FR.addToCart }).click();
    await expect(page.getByText(FR.addedToCart)).toBeVisible();
    await expect(page.getByText(FR.addedToCart)).toContainText(name);
    await expectCartCount(page, FR, 1);
    await expect(page.getByRole('heading', { level: 1, name: 'Vos capsules idéales' })).toBeVisible();

    await page.getByRole('link', { name: 'Recommencer' }).click();
    await expect(page.getByText('Question 1 sur 5')).toBeVisible();
    await expect(page.getByLabel(/^Foncée/)).not.toBeChecked();
  });

  test('English (usb2c): a signed-in customer’s answers are saved and restored', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('quiz');
    await signUp(page, US_ORIGIN, c);
    await page.goto(`${US_ORIGIN}/pod-quiz`);
    await expect(page.getByRole('heading', { name: 'Your last results' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Start the quiz' }).click();
    const answer = async (label: RegExp | string, button = 'Next question') => {
      await page.getByLabel(label, typeof label === 'string' ? { exact: true } : undefined).check();
      await page.getByRole('button', { name: button }).click();
    };
    await answer(/^Light/);
    await answer('Flavored coffee');
    await answer('Full caffeine');
    await answer(/^Small cup/);
    await answer('No preference', 'See my pods');
    await expect(page.getByRole('heading', { level: 1, name: 'Your pod matches' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveText('Your answers are saved to your account. We will show them again next time.');
    await expect(page.locator('.quiz-reason').first()).toContainText('Light roast, flavored coffee, caffeinated, balanced in a small cup, like you asked');

    // they come back later: their last results, and the questions prefilled
    await page.goto(`${US_ORIGIN}/pod-quiz`);
    await expect(page.getByRole('heading', { level: 2, name: 'Your last results' })).toBeVisible();
    await expect(page.locator('.quiz-last .quiz-result').first()).toBeVisible();
    await page.getByRole('link', { name: 'Start the quiz' }).click();
    await expect(page.getByLabel(/^Light/)).toBeChecked();
    await page.getByRole('button', { name: 'Next question' }).click();
    await expect(page.getByLabel('Flavored coffee', { exact: true })).toBeChecked();

    // "Start again" from the results starts with empty answers, question after question
    await page.goto(`${US_ORIGIN}/pod-quiz?step=results&roast=light`);
    await page.getByRole('link', { name: 'Start again' }).click();
    await expect(page).toHaveURL(/[?&]fresh=1/);
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    await expect(page.getByLabel(/^Light/)).not.toBeChecked();
    await answer(/^Dark/);
    await expect(page.getByText('Question 2 of 5')).toBeVisible();
    await expect(page.getByLabel('Flavored coffee', { exact: true })).not.toBeChecked();
    // the back link keeps the fresh start; a plain visit restores the saved answers again
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page.getByLabel(/^Dark/)).toBeChecked();
    await expect(page.getByLabel(/^Light/)).not.toBeChecked();
    await page.goto(`${US_ORIGIN}/pod-quiz?step=2`);
    await expect(page.getByLabel('Flavored coffee', { exact: true })).toBeChecked();
  });
});

test('the home section links to the quiz, and the quiz pages pass axe (English and French)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${US_ORIGIN}/`);
  const section = page.getByRole('region', { name: 'Not sure which pod to pick?' });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'home with the quiz section');
  await shoot(page, 'quiz-home-en');
  await section.getByRole('link', { name: 'Take the pod quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find your pod' })).toBeVisible();
  await expectAccessible(page, 'quiz intro');
  await page.goto(`${US_ORIGIN}/pod-quiz?step=2&roast=dark`);
  await expect(page.getByText('Question 2 of 5')).toBeVisible();
  await expectAccessible(page, 'quiz question');
  await shoot(page, 'quiz-question-en');
  await page.goto(`${US_ORIGIN}/pod-quiz?step=results&roast=dark&flavor=classic&caffeine=caffeinated`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pod matches' })).toBeVisible();
  await expect(page.locator('.quiz-result')).not.toHaveCount(0);
  await expectAccessible(page, 'quiz results');
  await shoot(page, 'quiz-results-en');

  await page.goto(`${CA_ORIGIN}/fr`);
  await expect(page.getByRole('region', { name: `Vous hésitez entre plusieurs capsules${NNBSP}?` })).toBeVisible();
  await shoot(page, 'quiz-home-fr');
  await page.goto(`${CA_ORIGIN}/fr/quiz-capsules?step=1`);
  await expect(page.getByText('Question 1 sur 5')).toBeVisible();
  await expectAccessible(page, 'quiz question (French)');
  await shoot(page, 'quiz-question-fr');
  await page.goto(`${CA_ORIGIN}/fr/quiz-capsules?step=results&roast=medium&flavor=tea`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vos capsules idéales' })).toBeVisible();
  await expectAccessible(page, 'quiz results (French)');
  await shoot(page, 'quiz-results-fr');
  // the language switch goes to the other language's quiz
  await page.goto(`${CA_ORIGIN}/pod-quiz`);
  await expect(page.getByRole('heading', { level: 1, name: 'Find your pod' })).toBeVisible();
});
