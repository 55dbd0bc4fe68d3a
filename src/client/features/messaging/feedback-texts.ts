import { type OtherSide, safetyTexts } from './safety-texts.js';

/** Texts of rating a received message and of Report abuse (issue 33, point 3; decision 0151). */
export const feedbackUiTexts = {
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  rateLabel: 'Was this message helpful?',
  reported: 'Reported as abusive',
  reportAbuse: 'Report abuse',
  confirmReport: (otherSide: OtherSide) => ({
    title: 'Report abuse?',
    description: `Their latest message is reported as abusive, and this also blocks the sender. ${safetyTexts.confirmBlock[otherSide].description} Nobody is told who reported them.`,
    confirmLabel: 'Report and block',
  }),
  /** The toast's title when the server's answer has no text. */
  reportedTitle: 'Reported',
} as const;
