import { useState, type InputHTMLAttributes } from 'react';
import type { FieldControlProps } from './form-field';

type PasswordInputProps = FieldControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>;

/** A password box with a show/hide toggle, so people on phones can check what they typed. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="form-password">
      <input {...props} className="form-input" type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="form-password__toggle"
        aria-controls={props.id}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
        <span className="visually-hidden"> password</span>
      </button>
    </div>
  );
}
