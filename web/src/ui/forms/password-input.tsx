import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { addTexts } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { RichText } from '../rich-text';
import type { FieldControlProps } from './form-field';

addTexts(enUi);

type PasswordInputProps = FieldControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>;

/**
 * A password box with a show/hide toggle, so people on phones can check what they typed. forwardRef, not React 19's
 * ref as a prop: the renderer is Preact (decision 0051), which hands a function component its ref only this way, and
 * react-hook-form's register() reads the box through it.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="form-password">
      <input {...props} ref={ref} className="form-input" type={visible ? 'text' : 'password'} />
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
});
