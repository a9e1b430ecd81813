/*
 * Moving on with Enter: a form's fields are the elements marked `data-field`, in document order; Enter
 * in one focuses the next one's input (a radio group's checked option).
 */

const focusable = (field: Element): HTMLElement | null =>
  field.querySelector<HTMLElement>('input:checked') ??
  field.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([disabled]), textarea, button:not([disabled])',
  );

/** Focuses the field after the one holding `from`; false when `from` is in the last field. */
export function focusNextField(form: HTMLElement, from: HTMLElement): boolean {
  const fields = [...form.querySelectorAll('[data-field]')];
  const i = fields.findIndex((f) => f.contains(from));
  for (const next of fields.slice(i + 1)) {
    const target = focusable(next);
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}
