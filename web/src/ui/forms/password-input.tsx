import { useState, type InputHTMLAttributes } from 'react';
import { addTexts } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { RichText } from '../rich-text';
import type { FieldControlProps } from './form-field';

addTexts(enUi);

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
        {/* The visible word, and what it shows or hides for screen readers ("Show password"). */}
        <RichText id={visible ? 'ui.password.hide' : 'ui.password.show'} components={{ 0: <span className="visually-hidden" /> }} />
      </button>
    </div>
  );
}
