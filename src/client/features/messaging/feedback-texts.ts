import { icu, texts } from '../../../shared/i18n/texts.js';
import { type OtherSide, safetyTexts } from './safety-texts.js';

/** Texts of rating a received message and of Report abuse (issue 33, point 3; decision 0151). */
export const feedbackUiTexts = texts('feedbackUi', {
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  rateLabel: 'Was this message helpful?',
  reported: 'Reported as abusive',
  reportAbuse: 'Report abuse',
  confirmReportTitle: 'Report abuse?',
  /** `block`: what blocking this other side does (safetyTexts.confirmBlock). */
  confirmReportDescription: icu<{ block: string }>(
    'Their latest message is reported as abusive, and this also blocks the sender. {block} Nobody is told who reported them.',
  ),
  confirmReportLabel: 'Report and block',
  /** The toast's title when the server's answer has no text. */
  reportedTitle: 'Reported',
});

/** Report abuse's question, told for the kind of other side it also blocks. */
export const confirmReport = (otherSide: OtherSide) => ({
  title: feedbackUiTexts.confirmReportTitle,
  description: feedbackUiTexts.confirmReportDescription({
    block: safetyTexts.confirmBlock[otherSide].description,
  }),
  confirmLabel: feedbackUiTexts.confirmReportLabel,
});
