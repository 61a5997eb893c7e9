/**
 * Le quiz des capsules et sa section de la page d’accueil (issue 13 « Pod quiz »; ADR 0034), en
 * français, syntaxe ICU. Mêmes clés que quiz.en.ts. Espace fine insécable (U+202F) avant : ; ? !
 */
import type { quizEn } from './quiz.en.ts';

export const quizFr: Record<keyof typeof quizEn, string> = {
  'quiz.metaTitle': 'Quiz des capsules\u202F: trouvez votre capsule',
  'quiz.start': 'Commencer le quiz',
  'quiz.progress': 'Question {current} sur {total}',
  'quiz.next': 'Question suivante',
  'quiz.back': 'Retour',
  'quiz.seeResults': 'Voir mes capsules',
  'quiz.results.title': 'Vos capsules idéales',
  'quiz.results.intro': 'Choisies selon vos réponses. Ajoutez-en une à votre panier, ou modifiez vos réponses.',
  'quiz.results.empty': 'Aucune capsule ne correspond à vos réponses pour le moment. Essayez d’autres réponses.',
  'quiz.results.answers': 'Vos réponses',
  'quiz.startAgain': 'Recommencer',
  'quiz.changeAnswers': 'Modifier mes réponses',
  'quiz.last.title': 'Vos derniers résultats',
  'quiz.last.intro': 'Bon retour parmi nous. Ces capsules correspondaient à vos réponses la dernière fois.',
  'quiz.saved': 'Vos réponses sont enregistrées dans votre compte. Nous vous les montrerons la prochaine fois.',
  'quiz.signInToSave': 'Connectez-vous pour enregistrer vos réponses pour la prochaine fois.',
  'quiz.reason': 'Pourquoi cette capsule\u202F:',
  'quiz.unavailable': 'Le quiz n’est pas disponible pour le moment. Veuillez réessayer plus tard.',
  'quiz.home.title': 'Vous hésitez entre plusieurs capsules\u202F?',
  'quiz.home.text': 'Répondez à cinq questions rapides sur la torréfaction, l’arôme et la caféine, et nous vous proposons les capsules faites pour vous.',
  'quiz.home.cta': 'Faire le quiz des capsules',
};
