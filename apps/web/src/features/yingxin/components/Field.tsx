import type { ReactNode } from 'react';

/** A labelled field (its control has the id `yx-<name>`) with the server's message for it underneath when it was refused. */
export function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={`yx-field${error ? ' yx-field--error' : ''}`} data-field={name}>
      <label htmlFor={`yx-${name}`}>{label}</label>
      {children}
      {hint && !error && <small className="yx-hint">{hint}</small>}
      {error && (
        <small className="yx-error" role="alert" data-testid={`yx-error-${name}`}>
          {error}
        </small>
      )}
    </div>
  );
}

/** Dollars typed by the shopper as integer cents (0 when empty: the server then says what is wanted). */
export const centsOf = (dollars: string) => Math.round(Number(dollars.replace(/,/g, '')) * 100) || 0;
export const dollarsOf = (cents: number | undefined) => (cents ? String(cents / 100) : '');
