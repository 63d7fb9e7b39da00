import { useId, type ReactNode } from 'react';
import './forms.css';

/** What a control inside a field spreads on itself to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control in the danger colour, and read with the control. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Override the generated id (tests and anchors). */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, control, hint and error in one accessible unit: the control is labelled by <label for>,
 * described by the hint and the error, and aria-invalid while the error shows.
 */
export function FormField({ label, error, hint, required, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={controlId}>
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id: controlId,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface ChoiceGroupProps {
  legend: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (describedBy: { 'aria-describedby'?: string; 'aria-invalid': boolean }) => ReactNode;
}

/** A fieldset of radios or checkboxes with one legend and one error for the group. */
export function ChoiceGroup({ legend, error, hint, required, className, children }: ChoiceGroupProps) {
  const id = useId();
  const hintId = hint ? `group-${id}-hint` : undefined;
  const errorId = error ? `group-${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`form-field choice-group${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    >
      <legend className="form-field__label">
        {legend}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {children({ 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A submit button that says it is busy and cannot be pressed twice. */
export function SubmitButton({ busy, children, busyLabel, className }: { busy: boolean; children: ReactNode; busyLabel?: string; className?: string }) {
  return (
    <button type="submit" className={`form-submit${className ? ` ${className}` : ''}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="form-submit__spinner" aria-hidden="true" />}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
