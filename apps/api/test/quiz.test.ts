/**
 * The pod quiz API (issue 13 "Pod quiz"; spec §2, §7 quiz data get and save, §9 default pod-quiz id
 * key `pod-id`; ADR 0034), on SQLite and PostgreSQL, over HTTP and (API_TRANSPORT=direct) the
 * direct transport: questions in both languages, results (sellable cards, reasons, in stock first,
 * every answer set finds products), bad input (unknown quiz 404, empty answers, unknown question or
 * option, NUL byte, 3 KB → 400 naming the field), quiz data save and get (customers only,
 * anonymous 403, no token 401; concurrent saves keep one row).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createQuizClient, type QuizCalls } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { expectApiError, signUpCustomer } from './support/commerce.ts';

describe.each(dbKinds())('pod quiz on %s', (kind) => {
  let t: TestApp;
  let quiz: QuizCalls;

  const clientFor = (token: string) => createQuizClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => token }));
  async function customer(): Promise<QuizCalls> {
    const c = await signUpCustomer(t, { firstName: 'Quinn' });
    return clientFor(c.accessToken);
  }
  async function postResults(body: unknown, quizId = 'pod-id') {
    return t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/quiz/${encodeURIComponent(quizId)}/results`, headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    quiz = clientFor(t.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('questions', () => {
    it('answers the default quiz pod-id in English and French (French typography)', async () => {
      const en = await quiz.getQuiz('usb2c', 'pod-id');
      expect(en.id).toBe('pod-id');
      expect(en.questions.map((q) => q.id)).toEqual(['roast', 'flavor', 'caffeine', 'cupSize', 'brewStyle']);
      expect(en.questions[0]!.options.map((o) => o.id)).toEqual(['light', 'medium', 'dark', 'extra-dark', 'any']);
      expect(en.questions[0]!.options.at(-1)).toEqual({ id: 'any', label: 'No preference', noPreference: true });
      const fr = await quiz.getQuiz('cab2c', 'pod-id', { lang: 'fr' });
      expect(fr.title).toBe('Trouvez votre capsule');
      expect(fr.questions[0]!.prompt).toBe('Quelle torréfaction aimez-vous\u202F?');
    });

    it('answers 404 QuizError quizNotFound for an unknown quiz', async () => {
      await expectApiError(quiz.getQuiz('usb2c', 'no-such-quiz'), 404, 'quizNotFound');
      await expectApiError(quiz.getQuizResults('usb2c', 'no-such-quiz', { answers: { roast: 'dark' } }), 404, 'quizNotFound');
    });
  });

  describe('results', () => {
    it('ranks dark caffeinated classic coffee with the reason, cards sellable on the site', async () => {
      const r = await quiz.getQuizResults('usb2c', 'pod-id', { answers: { roast: 'dark', flavor: 'classic', caffeine: 'caffeinated', cupSize: 'any', brewStyle: 'hot' } });
      expect(r.results.length).toBeGreaterThanOrEqual(1);
      expect(r.results.length).toBeLessThanOrEqual(6);
      for (const x of r.results) {
        expect(x.product.roast).toBe('dark');
        expect(x.product.beverageType).toBe('coffee');
        expect(x.product.priceData.currencyIso).toBe('USD');
        expect(x.reason).toBe('Dark roast, classic coffee, caffeinated, brewed hot, like you asked');
      }
      expect(r.results.map((x) => x.product.code)).toContain('BH-SIGNATURE-DARK');
      const fr = await quiz.getQuizResults('cab2c', 'pod-id', { answers: { roast: 'dark', caffeine: 'caffeinated' }, lang: 'fr' });
      expect(fr.results[0]!.reason).toBe('Torréfaction foncée, caféiné, comme vous l’avez demandé');
      expect(fr.results[0]!.product.priceData.currencyIso).toBe('CAD');
    });

    it('finds products for every answer of every question, and puts sold-out products after those in stock', async () => {
      const q = await quiz.getQuiz('usb2c', 'pod-id');
      for (const question of q.questions) {
        for (const option of question.options) {
          const r = await quiz.getQuizResults('usb2c', 'pod-id', { answers: { [question.id]: option.id } });
          expect(r.results.length, `${question.id}=${option.id}`).toBeGreaterThanOrEqual(1);
        }
      }
      // sell out every tea but one: the one in stock comes first
      const teas = (await quiz.getQuizResults('usb2c', 'pod-id', { answers: { flavor: 'tea' } })).results.map((x) => x.product);
      expect(teas.length).toBeGreaterThan(1);
      const soldOut = teas[0]!;
      await t.dbh.db.updateTable('stock').set({ available: 0 }).where('variant_code', '=', soldOut.defaultVariantCode).execute();
      const after = (await quiz.getQuizResults('usb2c', 'pod-id', { answers: { flavor: 'tea' } })).results;
      expect(after[0]!.product.code).not.toBe(soldOut.code);
      const idx = after.findIndex((x) => x.product.code === soldOut.code);
      if (idx >= 0) expect(after.slice(0, idx).every((x) => x.product.stock.stockLevelStatus !== 'outOfStock')).toBe(true);
    });

    it('refuses empty answers, unknown questions and options, NUL bytes and 3 KB strings with 400 naming the field', async () => {
      const cases: Array<[unknown, string, string]> = [
        [{ answers: {} }, 'answers', 'noAnswers'],
        [{}, 'answers', 'missing'],
        [{ answers: { roast: 'burnt' } }, 'answers.roast', 'unknownOption'],
        [{ answers: { colour: 'red' } }, 'answers.colour', 'unknownQuestion'],
        [{ answers: { roast: 'da\u0000rk' } }, 'answers.roast', 'invalidCharacters'],
        [{ answers: { roast: 'x'.repeat(3000) } }, 'answers.roast', 'tooLong'],
        [{ answers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, 'any'])) }, 'answers', 'tooMany'],
      ];
      for (const [body, subject, reason] of cases) {
        const res = await postResults(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
        const e = res.json().errors[0];
        expect(e.subject).toBe(subject);
        if (reason !== 'missing') expect(e.reason).toBe(reason);
      }
      const nulId = await postResults({ answers: { roast: 'dark' } }, 'pod\u0000id');
      expect(nulId.statusCode).toBe(400);
      const bigId = await postResults({ answers: { roast: 'dark' } }, 'q'.repeat(3000));
      expect([400, 414]).toContain(bigId.statusCode);
      await expectApiError(quiz.getQuizResults('usb2c', 'pod-id', { answers: {} }), 400, 'noAnswers');
    });
  });

  describe('quiz data save and get', () => {
    it('saves and restores a customer’s answers, per customer and site', async () => {
      const c = await customer();
      expect(await c.getQuizData('usb2c', 'pod-id')).toEqual({ quizId: 'pod-id', answers: {}, savedAt: null });
      const saved = await c.saveQuizData('usb2c', 'pod-id', { answers: { roast: 'dark', caffeine: 'decaf' } });
      expect(saved.answers).toEqual({ roast: 'dark', caffeine: 'decaf' });
      expect(saved.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await c.getQuizData('usb2c', 'pod-id')).toEqual(saved);
      await c.saveQuizData('usb2c', 'pod-id', { answers: { roast: 'light' } });
      expect((await c.getQuizData('usb2c', 'pod-id')).answers).toEqual({ roast: 'light' });
      expect((await c.getQuizData('cab2c', 'pod-id')).answers).toEqual({});
      const other = await customer();
      expect((await other.getQuizData('usb2c', 'pod-id')).answers).toEqual({});
    });

    it('keeps one row under concurrent saves', async () => {
      const c = await customer();
      const options = ['light', 'medium', 'dark', 'extra-dark', 'any'];
      await Promise.all(Array.from({ length: 10 }, (_, i) => c.saveQuizData('usb2c', 'pod-id', { answers: { roast: options[i % options.length]! } })));
      const data = await c.getQuizData('usb2c', 'pod-id');
      expect(options).toContain(data.answers.roast);
      const rows = await t.dbh.db.selectFrom('quiz_answers').select('customer_id').where('base_site', '=', 'usb2c').execute();
      expect(new Set(rows.map((r) => r.customer_id)).size).toBe(rows.length);
    });

    it('refuses anonymous (403 customerRequired), no token (401), bad answers (400) and unknown quizzes (404)', async () => {
      const anon = await t.app.inject({
        method: 'PUT',
        url: '/rest/v2/usb2c/users/anonymous/quiz/pod-id',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ answers: { roast: 'dark' } }),
      });
      expect(anon.statusCode).toBe(403);
      expect(anon.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'customerRequired' });
      const anonGet = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/quiz/pod-id', headers: { authorization: `Bearer ${t.token}` } });
      expect(anonGet.statusCode).toBe(403);
      const none = await t.app.inject({ method: 'PUT', url: '/rest/v2/usb2c/users/current/quiz/pod-id', payload: { answers: { roast: 'dark' } } });
      expect(none.statusCode).toBe(401);
      expect(await t.dbh.db.selectFrom('quiz_answers').select('customer_id').where('answers_json', 'like', '%dark%').where('customer_id', '=', 'anonymous').execute()).toEqual([]);
      const c = await customer();
      await expectApiError(c.saveQuizData('usb2c', 'pod-id', { answers: {} }), 400, 'noAnswers');
      await expectApiError(c.saveQuizData('usb2c', 'pod-id', { answers: { roast: 'burnt' } }), 400, 'unknownOption');
      await expectApiError(c.saveQuizData('usb2c', 'pod-id', { answers: { roast: 'da\u0000rk' } }), 400, 'invalidCharacters');
      await expectApiError(c.saveQuizData('usb2c', 'nope', { answers: { roast: 'dark' } }), 404, 'quizNotFound');
      await expectApiError(c.getQuizData('usb2c', 'nope'), 404, 'quizNotFound');
      expect((await c.getQuizData('usb2c', 'pod-id')).answers).toEqual({});
    });
  });
});
