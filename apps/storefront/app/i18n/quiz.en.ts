/**
 * The pod quiz page and home-page section (issue 13 "Pod quiz"; ADR 0034), English, ICU syntax.
 * Same keys as quiz.fr.ts. The questions and options themselves are data (the API's quiz).
 */
export const quizEn = {
  'quiz.metaTitle': 'Pod quiz: find your pod',
  'quiz.start': 'Start the quiz',
  'quiz.progress': 'Question {current} of {total}',
  'quiz.next': 'Next question',
  'quiz.back': 'Back',
  'quiz.seeResults': 'See my pods',
  'quiz.results.title': 'Your pod matches',
  'quiz.results.intro': 'Picked for your answers. Add one to your cart, or change your answers.',
  'quiz.results.empty': 'No pod matches your answers right now. Try other answers.',
  'quiz.results.answers': 'Your answers',
  'quiz.startAgain': 'Start again',
  'quiz.changeAnswers': 'Change my answers',
  'quiz.last.title': 'Your last results',
  'quiz.last.intro': 'Welcome back. These pods matched your answers last time.',
  'quiz.saved': 'Your answers are saved to your account. We will show them again next time.',
  'quiz.signInToSave': 'Sign in to save your answers for next time.',
  'quiz.reason': 'Why this pod:',
  'quiz.unavailable': 'The quiz is not available right now. Please try again later.',
  'quiz.home.title': 'Not sure which pod to pick?',
  'quiz.home.text': 'Answer five quick questions about roast, flavor and caffeine, and we suggest the pods made for you.',
  'quiz.home.cta': 'Take the pod quiz',
};
