/** Input types a person does not type into. */
const NOT_TYPED = new Set([
  'hidden',
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'file',
  'image',
  'range',
  'color',
]);

/** What is read of an element (an HTMLElement, or a plain object in a test). */
export interface FieldLike {
  tagName: string;
  type?: string;
  value?: string;
  readOnly?: boolean;
  disabled?: boolean;
  isContentEditable?: boolean;
  /** `data-saves-itself` on a field that saves each change at once (a setting): it holds nothing unsent. */
  dataset?: { savesItself?: string };
}

/** Whether `element` is a field a person types into: a text input, a textarea or an editable region. */
export function isTypedField(element: FieldLike | null | undefined): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  if (element.readOnly || element.disabled) return false;
  if (element.tagName === 'TEXTAREA') return true;
  return element.tagName === 'INPUT' && !NOT_TYPED.has((element.type ?? 'text').toLowerCase());
}

/**
 * Whether `field` holds text not yet sent: what was typed, or what a form put there to be edited. A field that
 * saves itself (`data-saves-itself`, like Settings' quiet hours) has sent what it holds.
 */
export function holdsText(field: FieldLike): boolean {
  return isTypedField(field) && (field.value ?? '') !== '' && field.dataset?.savesItself === undefined;
}

/** Whether the field that has focus is one being filled: a typed field, or a list to choose from. */
export function isFillingFocused(active: FieldLike | null | undefined): boolean {
  return isTypedField(active) || (active?.tagName === 'SELECT' && !active.disabled);
}

/**
 * Whether the person is filling a form now: in a field, or a field on the screen holds text not yet sent.
 * A question that appears on its own waits until then (docs/decisions/0141-prompts-at-the-right-moment.md).
 */
export function isFormBeingFilled(page: Document = document): boolean {
  if (isFillingFocused(page.activeElement as FieldLike | null)) return true;
  for (const field of page.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (holdsText(field) && field.getClientRects().length > 0) return true;
  }
  return false;
}
