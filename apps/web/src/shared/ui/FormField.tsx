import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { showToast } from './feedback.ts';

/**
 * A form's fields and their refusals, said to everyone (issue 36, WCAG 1.3.1, 3.3.1, 3.3.2, 4.1.2):
 * each field has a visible label tied to its control, and a refused field's control is
 * `aria-invalid="true"` and described by its error text, in the page's language; on submit the
 * first refused field takes the focus, so a screen reader reads its label and then why it was
 * refused. antd-mobile's Input (and its Form.Item) forward neither attribute to the native input,
 * so `FormField` sets them on whatever control carries the field's id, the shop's own inputs as
 * antd-mobile's.
 */

/** One field as `FormField` and its control need it: the control takes `id`. */
export type FieldState = { id: string; errorId: string; error: string | undefined };

type Refusals<K extends string> = Partial<Record<K, string | false | null | undefined>>;

export function useFieldErrors<K extends string>() {
  const base = useId();
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const focusNext = useRef<K | null>(null);
  const field = (name: K): FieldState => ({
    id: `${base}${name}`,
    errorId: `${base}${name}-error`,
    error: errors[name],
  });
  /**
   * Shows what is wrong, given field by field in the form's order (a falsy value: nothing), in
   * place of what was shown before, and moves the focus to the first refused field. True when
   * nothing is wrong.
   */
  const check = (found: Refusals<K>): boolean => {
    const refused = Object.entries(found).filter((entry): entry is [K, string] => Boolean(entry[1]));
    setErrors(Object.fromEntries(refused) as Partial<Record<K, string>>);
    focusNext.current = refused[0]?.[0] ?? null;
    return refused.length === 0;
  };
  /** The server refused one field (its catalogue error, already in the page's language). */
  const refuse = (name: K, message: string) => {
    check({ [name]: message } as Refusals<K>);
  };
  /**
   * A failed call: an error of the catalogue that `codes` ties to a field is shown on that field,
   * any other is toasted (call the API with `quiet: true`). Ignores a double tap.
   */
  const refuseFromServer = (error: unknown, codes: Partial<Record<string, K>>) => {
    if (!(error instanceof ApiError) || error.code === 'DOUBLE_TAP') return;
    const name = codes[error.code];
    if (name) refuse(name, error.message);
    else showToast(error.message);
  };
  /** The shopper changed the field: its refusal goes. */
  const clear = (name: K) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the refusals are drawn.
  useEffect(() => {
    const name = focusNext.current;
    focusNext.current = null;
    if (name) document.getElementById(`${base}${name}`)?.focus();
  }, [errors]);
  return { field, check, refuse, refuseFromServer, clear, errors };
}

/** Adds or removes `token` in a space-separated attribute list. */
function toggleToken(element: HTMLElement, attribute: string, token: string, on: boolean) {
  const tokens = (element.getAttribute(attribute) ?? '').split(/\s+/).filter((t) => t && t !== token);
  if (on) tokens.push(token);
  if (tokens.length) element.setAttribute(attribute, tokens.join(' '));
  else element.removeAttribute(attribute);
}

/**
 * A field: its visible label (tied to the control with the field's id), the control, and its error
 * text when refused. The control (a child, given `id={field.id}`) is marked invalid and described
 * by the error text here, whatever component draws it.
 */
export function FormField({
  field,
  label,
  children,
  className,
  errorTestId = 'field-error',
}: {
  field: FieldState;
  /** Omitted when the control names itself (a checkbox with its text). */
  label?: ReactNode;
  children: ReactNode;
  className?: string;
  errorTestId?: string;
}) {
  useEffect(() => {
    const control = document.getElementById(field.id);
    if (!control) return;
    const invalid = Boolean(field.error);
    if (invalid) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    toggleToken(control, 'aria-describedby', field.errorId, invalid);
  });
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      {label !== undefined && (
        <label htmlFor={field.id} className="form-field__label">
          {label}
        </label>
      )}
      {children}
      {field.error && (
        <p id={field.errorId} className="form-field__error" data-testid={errorTestId}>
          {field.error}
        </p>
      )}
    </div>
  );
}
