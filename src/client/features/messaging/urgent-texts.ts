/** Send Message's words for it (issue 33, docs/decisions/0150-quiet-hours-urgent.md). */
export const urgentTexts = {
  label: 'Urgent',
  hint: 'Alerts the owner even in their quiet hours. One urgent message per hour.',
} as const;
