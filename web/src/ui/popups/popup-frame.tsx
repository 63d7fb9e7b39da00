import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { t } from '@sync/texts';

export type PopupSize = 'sm' | 'md' | 'lg';

/**
 * The app's one popup look in a Radix dialog (focus trapped, labelled by its title, Escape closes):
 * the queued popups and the agent console's own dialogs both render through it.
 */
export function PopupFrame({
  open,
  onOpenChange,
  title,
  description,
  size,
  className,
  kind,
  ownBody = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string | undefined;
  description?: string | undefined;
  size: PopupSize;
  /** Extra class on the dialog box. */
  className?: string;
  /** Set as data-popup, for styling and tests. */
  kind?: string;
  /** The children are the body themselves (a form carrying the popup__body class). */
  ownBody?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" />
        <Dialog.Content
          className={`popup popup--${size}${className ? ` ${className}` : ''}`}
          data-popup={kind}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="popup__header">
            <Dialog.Title className="popup__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('shell.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="popup__description">{description}</Dialog.Description>}
          {ownBody ? children : <div className="popup__body">{children}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
