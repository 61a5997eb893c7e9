/**
 * The pod quiz scorer (issue 13 "Pod quiz"; spec §2, §9 default pod-quiz id key; ADR 0034):
 * examples on a small catalogue, then properties with fast-check on random catalogues and answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIZ_ID,
  frenchTypographyIssues,
  quizAnswerProblem,
  quizAttributes,
  scoreQuiz,
  type QuizAnswers,
  type QuizDefinition,
  type QuizProduct,
} from '../src/index.ts';
import { POD_QUIZ } from '../../db/src/seed/quiz.ts';

const quiz: QuizDefinition = POD_QUIZ;

function product(code: string, a: { beverageType: string; roast?: string | null; caffeine?: string; flavored?: string }, extra: Partial<QuizProduct> = {}): QuizProduct {
  return {
    code,
    attributes: quizAttributes({ beverageType: a.beverageType, roast: a.roast ?? null, caffeine: a.caffeine ?? 'Caffeinated', flavored: a.flavored ?? 'No' }),
    inStock: true,
    sortOrder: 10,
    ...extra,
  };
}

const CATALOG: QuizProduct[] = [
  product('DARK-1', { beverageType: 'coffee', roast: 'dark' }, { sortOrder: 1 }),
  product('DARK-2', { beverageType: 'coffee', roast: 'dark' }, { sortOrder: 2, inStock: false }),
  product('XDARK', { beverageType: 'coffee', roast: 'extra-dark' }, { sortOrder: 3 }),
  product('MED-DECAF', { beverageType: 'coffee', roast: 'medium', caffeine: 'Decaffeinated' }, { sortOrder: 4 }),
  product('LIGHT-VAN', { beverageType: 'coffee', roast: 'light', flavored: 'Yes' }, { sortOrder: 5 }),
  product('TEA-GREEN', { beverageType: 'tea', caffeine: 'Caffeinated' }, { sortOrder: 6 }),
  product('TEA-MINT', { beverageType: 'tea', caffeine: 'Caffeine-free' }, { sortOrder: 7 }),
  product('COCOA', { beverageType: 'cocoa', caffeine: 'Caffeine-free', flavored: 'Yes' }, { sortOrder: 8 }),
  product('ICED', { beverageType: 'iced', roast: 'medium' }, { sortOrder: 9 }),
];

const codes = (answers: QuizAnswers, products = CATALOG, limit?: number) => scoreQuiz(quiz, answers, products, limit === undefined ? {} : { limit }).map((m) => m.code);

describe('pod quiz data (spec §9 default quiz id key pod-id)', () => {
  it('is the default quiz pod-id with the five questions in order, each with a "no preference" option', () => {
    expect(quiz.id).toBe(DEFAULT_QUIZ_ID);
    expect(DEFAULT_QUIZ_ID).toBe('pod-id');
    expect(quiz.questions.map((q) => q.id)).toEqual(['roast', 'flavor', 'caffeine', 'cupSize', 'brewStyle']);
    for (const q of quiz.questions) expect(q.options.filter((o) => !o.match).map((o) => o.id)).toEqual(['any']);
  });

  it('writes every French text with French typography and every text in both languages', () => {
    const texts: Array<{ en: string; fr: string }> = [quiz.title, quiz.intro, ...Object.values(quiz.reasons)];
    for (const q of quiz.questions) {
      texts.push(q.prompt);
      for (const o of q.options) texts.push(o.label, ...(o.reason ? [o.reason] : []));
    }
    for (const t of texts) {
      expect(t.en.length).toBeGreaterThan(0);
      expect(t.fr.length).toBeGreaterThan(0);
      expect(frenchTypographyIssues(t.fr)).toEqual([]);
    }
    expect(quiz.questions[0]!.prompt.fr).toBe('Quelle torréfaction aimez-vous\u202F?');
  });
});

describe('quizAttributes', () => {
  it('maps the CAFFEINE and FLAVORED features and the roast', () => {
    expect(quizAttributes({ beverageType: 'coffee', roast: 'dark', caffeine: 'Caffeinated', flavored: 'No' })).toEqual({ beverageType: 'coffee', roast: 'dark', caffeine: 'caffeinated', flavored: 'no' });
    expect(quizAttributes({ beverageType: 'tea', roast: null, caffeine: 'Caffeine-free', flavored: null })).toEqual({ beverageType: 'tea', roast: 'none', caffeine: 'decaf', flavored: 'unknown' });
    expect(quizAttributes({ beverageType: 'coffee', roast: 'medium', caffeine: 'Decaffeinated', flavored: 'Yes' }).caffeine).toBe('decaf');
    expect(quizAttributes({ beverageType: 'coffee', roast: 'medium', caffeine: 'Half-caff', flavored: 'Yes' })).toMatchObject({ caffeine: 'half-caff', flavored: 'yes' });
    expect(quizAttributes({ beverageType: 'coffee', roast: null, caffeine: null, flavored: null }).caffeine).toBe('unknown');
  });
});

describe('quizAnswerProblem', () => {
  it('refuses empty answers, unknown questions and unknown options, naming the field', () => {
    expect(quizAnswerProblem(quiz, {})).toEqual({ subject: 'answers', reason: 'noAnswers' });
    expect(quizAnswerProblem(quiz, { colour: 'red' })).toEqual({ subject: 'answers.colour', reason: 'unknownQuestion' });
    expect(quizAnswerProblem(quiz, { roast: 'burnt' })).toEqual({ subject: 'answers.roast', reason: 'unknownOption' });
    expect(quizAnswerProblem(quiz, { roast: 'tea' })).toEqual({ subject: 'answers.roast', reason: 'unknownOption' });
    expect(quizAnswerProblem(quiz, { roast: 'dark', caffeine: 'any' })).toBeNull();
  });
});

describe('scoreQuiz', () => {
  it('ranks dark caffeinated coffee first with the reason in both languages', () => {
    const [first, ...rest] = scoreQuiz(quiz, { roast: 'dark', flavor: 'classic', caffeine: 'caffeinated', cupSize: 'any', brewStyle: 'any' }, CATALOG);
    expect(first).toEqual({
      code: 'DARK-1',
      score: 3 + 5 + 4,
      matched: ['roast', 'flavor', 'caffeine'],
      inStock: true,
      reason: { en: 'Dark roast, classic coffee, caffeinated, like you asked', fr: 'Torréfaction foncée, café classique, caféiné, comme vous l’avez demandé' },
    });
    // out of stock after in stock at equal score; only the matching products
    expect(rest.map((m) => m.code)).toEqual(['DARK-2']);
  });

  it('puts products in stock first at equal score, then catalogue order, then code', () => {
    const products = [product('B', { beverageType: 'tea' }, { sortOrder: 1, inStock: false }), product('C', { beverageType: 'tea' }, { sortOrder: 2 }), product('A', { beverageType: 'tea' }, { sortOrder: 2 })];
    expect(codes({ flavor: 'tea' }, products)).toEqual(['A', 'C', 'B']);
  });

  it('relaxes the lightest answers when nothing matches all of them (dark tea is tea)', () => {
    const result = scoreQuiz(quiz, { roast: 'dark', flavor: 'tea', caffeine: 'decaf', cupSize: 'large', brewStyle: 'hot' }, CATALOG);
    // flavor (5) and caffeine (4) kept; roast (3) and cup size (1) cannot hold for tea; hot (2) holds
    expect(result.map((m) => m.code)).toEqual(['TEA-MINT']);
    expect(result[0]!.reason.en).toBe('Tea, decaf, brewed hot, like you asked');
  });

  it('narrows to iced drinks for "over ice", and to flavored for "flavored"', () => {
    expect(codes({ brewStyle: 'iced' })).toEqual(['ICED']);
    expect(codes({ flavor: 'flavored', brewStyle: 'any' })).toEqual(['LIGHT-VAN']);
    expect(codes({ flavor: 'cocoa' })).toEqual(['COCOA']);
  });

  it('gives customer favorites for "no preference" everywhere, in catalogue order, capped at 6', () => {
    const all = scoreQuiz(quiz, { roast: 'any', flavor: 'any', caffeine: 'any', cupSize: 'any', brewStyle: 'any' }, CATALOG);
    expect(all.map((m) => m.code)).toEqual(['DARK-1', 'XDARK', 'MED-DECAF', 'LIGHT-VAN', 'TEA-GREEN', 'TEA-MINT']);
    expect(all[0]!.reason).toEqual({ en: 'A customer favorite to start with', fr: 'Un favori de nos clients pour commencer' });
    expect(codes({ roast: 'any' }, CATALOG, 100)).toHaveLength(CATALOG.length);
  });

  it('says "closest match" when a product matches no stated preference, and answers nothing for an empty catalogue', () => {
    const onlyTea = [product('TEA', { beverageType: 'tea' })];
    expect(scoreQuiz(quiz, { roast: 'dark', brewStyle: 'iced' }, onlyTea)[0]!.reason.en).toBe('The closest match to your answers');
    expect(scoreQuiz(quiz, { roast: 'dark' }, [])).toEqual([]);
  });
});

// ---- properties -------------------------------------------------------------------------

const arbProduct = fc.record({
  code: fc.stringMatching(/^[A-Z]{1,4}$/),
  beverageType: fc.constantFrom('coffee', 'tea', 'cocoa', 'iced'),
  roast: fc.constantFrom('light', 'medium', 'dark', 'extra-dark', null),
  caffeine: fc.constantFrom('Caffeinated', 'Half-caff', 'Decaffeinated', 'Caffeine-free', null),
  flavored: fc.constantFrom('Yes', 'No', null),
  inStock: fc.boolean(),
  sortOrder: fc.integer({ min: 0, max: 50 }),
});
const arbCatalog = fc
  .uniqueArray(arbProduct, { selector: (p) => p.code, maxLength: 30 })
  .map((ps) => ps.map((p) => ({ code: p.code, attributes: quizAttributes(p), inStock: p.inStock, sortOrder: p.sortOrder })));
const arbAnswers: fc.Arbitrary<Record<string, string>> = fc
  .record(Object.fromEntries(quiz.questions.map((q) => [q.id, fc.constantFrom(...q.options.map((o) => o.id))])), { requiredKeys: [] })
  .map((a) => Object.fromEntries(Object.entries(a).filter((e): e is [string, string] => e[1] !== undefined)));

describe('scoreQuiz properties', () => {
  it('gives at least one result whenever the catalogue is not empty, at most the limit, each a catalogue product once', () => {
    fc.assert(
      fc.property(arbCatalog, arbAnswers, fc.integer({ min: 1, max: 10 }), (catalog, answers, limit) => {
        const result = scoreQuiz(quiz, answers, catalog, { limit });
        if (catalog.length > 0) expect(result.length).toBeGreaterThanOrEqual(1);
        expect(result.length).toBeLessThanOrEqual(Math.min(limit, catalog.length));
        expect(new Set(result.map((m) => m.code)).size).toBe(result.length);
        for (const m of result) expect(catalog.some((p) => p.code === m.code)).toBe(true);
      }),
    );
  });

  it('treats a "no preference" answer exactly as an unanswered question (it never filters)', () => {
    fc.assert(
      fc.property(arbCatalog, arbAnswers, fc.constantFrom(...quiz.questions.map((q) => q.id)), (catalog, answers, qid) => {
        const withAny = { ...answers, [qid]: 'any' };
        const without = Object.fromEntries(Object.entries(answers).filter(([k]) => k !== qid));
        expect(scoreQuiz(quiz, withAny, catalog, { limit: 100 })).toEqual(scoreQuiz(quiz, without, catalog, { limit: 100 }));
      }),
    );
  });

  it('returns every product when every answer is "no preference"', () => {
    fc.assert(
      fc.property(arbCatalog, (catalog) => {
        const all = Object.fromEntries(quiz.questions.map((q) => [q.id, 'any']));
        expect(scoreQuiz(quiz, all, catalog, { limit: 1000 })).toHaveLength(catalog.length);
      }),
    );
  });

  it('is deterministic whatever the catalogue order, ranked by score then in stock first', () => {
    fc.assert(
      fc.property(arbCatalog, arbAnswers, (catalog, answers) => {
        const a = scoreQuiz(quiz, answers, catalog, { limit: 100 });
        const b = scoreQuiz(quiz, answers, [...catalog].reverse(), { limit: 100 });
        expect(b).toEqual(a);
        for (let i = 1; i < a.length; i++) {
          const [p, q] = [a[i - 1]!, a[i]!];
          expect(p.score > q.score || (p.score === q.score && (p.inStock || !q.inStock))).toBe(true);
        }
      }),
    );
  });

  it('only suggests products matching every answer whenever such products exist', () => {
    fc.assert(
      fc.property(arbCatalog, arbAnswers, (catalog, answers) => {
        const prefs = quiz.questions.flatMap((q) => {
          const o = q.options.find((x) => x.id === answers[q.id]);
          return o?.match ? [o.match] : [];
        });
        const fits = (p: QuizProduct) => prefs.every((m) => Object.entries(m).every(([k, v]) => v.includes(p.attributes[k]!)));
        const full = catalog.filter(fits);
        const result = scoreQuiz(quiz, answers, catalog, { limit: 100 });
        if (full.length > 0) expect(result.map((m) => m.code).sort()).toEqual(full.map((p) => p.code).sort());
      }),
    );
  });
});
