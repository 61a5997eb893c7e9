/**
 * The pod quiz as data (issue 13 "Pod quiz"; spec §2 pod quiz page, §9 default pod-quiz id key
 * `pod-id`; ADR 0034): five questions — roast, flavor, caffeine, cup size, brew style — in English
 * and French, each option naming the product attributes it asks for (`quizAttributes` of
 * `@store/domain`) and the phrase the result's reason uses. Stored in the `quizzes` table
 * (migration 0015 inserts it; `seedQuizzes` replaces it); operators change a quiz there.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_QUIZ_ID, type QuizDefinition, type QuizOption } from '@store/domain';
import type { Database } from '../schema.ts';

const NNBSP = '\u202F';

const ANY: QuizOption = { id: 'any', label: { en: 'No preference', fr: 'Pas de préférence' } };
const COFFEE_KINDS = ['coffee', 'iced'];

/** The default pod quiz (`pod-id`). */
export const POD_QUIZ: QuizDefinition = {
  id: DEFAULT_QUIZ_ID,
  title: { en: 'Find your pod', fr: 'Trouvez votre capsule' },
  intro: {
    en: 'Five quick questions, and we suggest the pods that suit your taste.',
    fr: 'Cinq questions rapides, et nous vous proposons les capsules qui vous ressemblent.',
  },
  questions: [
    {
      id: 'roast',
      prompt: { en: 'How do you like your roast?', fr: `Quelle torréfaction aimez-vous${NNBSP}?` },
      weight: 3,
      options: [
        { id: 'light', label: { en: 'Light: bright and fruity', fr: `Légère${NNBSP}: vive et fruitée` }, match: { roast: ['light'] }, reason: { en: 'light roast', fr: 'torréfaction légère' } },
        { id: 'medium', label: { en: 'Medium: smooth and balanced', fr: `Moyenne${NNBSP}: douce et équilibrée` }, match: { roast: ['medium'] }, reason: { en: 'medium roast', fr: 'torréfaction moyenne' } },
        { id: 'dark', label: { en: 'Dark: rich and bold', fr: `Foncée${NNBSP}: riche et corsée` }, match: { roast: ['dark'] }, reason: { en: 'dark roast', fr: 'torréfaction foncée' } },
        { id: 'extra-dark', label: { en: 'Extra dark: intense and smoky', fr: `Extra-foncée${NNBSP}: intense et fumée` }, match: { roast: ['extra-dark'] }, reason: { en: 'extra dark roast', fr: 'torréfaction extra-foncée' } },
        ANY,
      ],
    },
    {
      id: 'flavor',
      prompt: { en: 'What would you like in your cup?', fr: `Que voulez-vous dans votre tasse${NNBSP}?` },
      weight: 5,
      options: [
        { id: 'classic', label: { en: 'Classic coffee', fr: 'Café classique' }, match: { beverageType: COFFEE_KINDS, flavored: ['no'] }, reason: { en: 'classic coffee', fr: 'café classique' } },
        { id: 'flavored', label: { en: 'Flavored coffee', fr: 'Café aromatisé' }, match: { beverageType: COFFEE_KINDS, flavored: ['yes'] }, reason: { en: 'flavored coffee', fr: 'café aromatisé' } },
        { id: 'tea', label: { en: 'Tea', fr: 'Thé' }, match: { beverageType: ['tea'] }, reason: { en: 'tea', fr: 'thé' } },
        { id: 'cocoa', label: { en: 'Hot cocoa', fr: 'Chocolat chaud' }, match: { beverageType: ['cocoa'] }, reason: { en: 'hot cocoa', fr: 'chocolat chaud' } },
        ANY,
      ],
    },
    {
      id: 'caffeine',
      prompt: { en: 'How much caffeine?', fr: `Combien de caféine${NNBSP}?` },
      weight: 4,
      options: [
        { id: 'caffeinated', label: { en: 'Full caffeine', fr: 'Caféine complète' }, match: { caffeine: ['caffeinated'] }, reason: { en: 'caffeinated', fr: 'caféiné' } },
        { id: 'half-caff', label: { en: 'Half-caff', fr: 'Mi-caféiné' }, match: { caffeine: ['half-caff'] }, reason: { en: 'half-caff', fr: 'mi-caféiné' } },
        { id: 'decaf', label: { en: 'Decaf or caffeine-free', fr: 'Décaféiné ou sans caféine' }, match: { caffeine: ['decaf'] }, reason: { en: 'decaf', fr: 'décaféiné' } },
        ANY,
      ],
    },
    {
      id: 'cupSize',
      prompt: { en: 'What cup size do you brew?', fr: `Quel format de tasse préparez-vous${NNBSP}?` },
      weight: 1,
      options: [
        { id: 'small', label: { en: 'Small cup (6 to 8 oz)', fr: 'Petite tasse (6 à 8 oz)' }, match: { roast: ['light', 'medium'] }, reason: { en: 'balanced in a small cup', fr: 'équilibré dans une petite tasse' } },
        { id: 'large', label: { en: 'Big mug (10 to 12 oz)', fr: 'Grande tasse (10 à 12 oz)' }, match: { roast: ['dark', 'extra-dark'] }, reason: { en: 'bold enough for a big mug', fr: 'assez corsé pour une grande tasse' } },
        ANY,
      ],
    },
    {
      id: 'brewStyle',
      prompt: { en: 'Hot or iced?', fr: `Chaud ou glacé${NNBSP}?` },
      weight: 2,
      options: [
        { id: 'hot', label: { en: 'Hot', fr: 'Chaud' }, match: { beverageType: ['coffee', 'tea', 'cocoa'] }, reason: { en: 'brewed hot', fr: 'à boire chaud' } },
        { id: 'iced', label: { en: 'Over ice', fr: 'Sur glace' }, match: { beverageType: ['iced'] }, reason: { en: 'made for ice', fr: 'fait pour la glace' } },
        ANY,
      ],
    },
  ],
  reasons: {
    suffix: { en: 'like you asked', fr: 'comme vous l’avez demandé' },
    none: { en: 'A customer favorite to start with', fr: 'Un favori de nos clients pour commencer' },
    closest: { en: 'The closest match to your answers', fr: 'Le plus proche de vos réponses' },
  },
};

/** Every quiz of the demo store. */
export const DEMO_QUIZZES: readonly QuizDefinition[] = [POD_QUIZ];

/** The `quizzes` rows of the demo quizzes (definition as JSON). */
export function quizRows(): Array<{ quiz_id: string; definition_json: string }> {
  return DEMO_QUIZZES.map((q) => ({ quiz_id: q.id, definition_json: JSON.stringify(q) }));
}

/** Replaces the quizzes of the demo store (idempotent; joins the caller's transaction, if any). */
export async function seedQuizzes(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('quizzes').execute();
  await db.insertInto('quizzes').values(quizRows()).execute();
}
