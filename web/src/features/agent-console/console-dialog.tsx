import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { t } from '@sync/texts';

/** The console's own dialogs (end session, break reason, edit forms) in the app's popup look. */
export function ConsoleDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'sm',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" />
        <Dialog.Content className={`popup popup--${size} ac-dialog`} {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="popup__header">
            <Dialog.Title className="popup__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('shell.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="popup__description">{description}</Dialog.Description>}
          <div className="popup__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
