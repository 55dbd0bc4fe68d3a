import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the one-tap answers in a chat (issue 32); the answers' own words are the shared contract's. */
export const ownerAnswerTexts = texts('ownerAnswers', {
  answers: 'Answer with one tap',
  youAnswered: icu<{ text: string; time: string }>('You answered “{text}” · {time}'),
  ownerAnswered: icu<{ text: string; time: string }>('The owner: {text} · {time}'),
});
