import type { ReactNode } from 'react';

/** Field problems by field name, as the schema or the server's 400 names them. */
export type Problems = Partial<Record<string, string>>;

/** Zod's or the server's problems as sentences: "<Label> <reason>", the first per field. */
export function problemsOf(
  issues: readonly { field: string; reason: string }[],
  labels: Readonly<Record<string, string>>,
): Problems {
  const found: Problems = {};
  for (const { field, reason } of issues) {
    if (found[field] === undefined) found[field] = `${labels[field] ?? field} ${reason}`;
  }
  return found;
}

/** The attributes that tie a control to its error line. */
export const describedBy = (id: string, problem: string | undefined) => ({
  'aria-invalid': problem ? true : undefined,
  'aria-describedby': problem ? `${id}-error` : undefined,
});

/** A labelled control with its error line beneath. */
export function FormField({
  id,
  label,
  optional = false,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <div className="forms-field">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="hint"> (optional)</span> : null}
      </label>
      {children}
      {hint ? <span className="hint">{hint}</span> : null}
      {problem ? (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label after it (its problem, if any, beneath). */
export function CheckField({
  id,
  name,
  label,
  problem,
}: {
  id: string;
  name: string;
  label: string;
  problem?: string;
}) {
  return (
    <div className="forms-check">
      <input type="checkbox" id={id} name={name} {...describedBy(id, problem)} />
      <label htmlFor={id}>{label}</label>
      {problem ? (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
