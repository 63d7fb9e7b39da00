import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { useState, type ReactNode } from 'react';
import { PopupFrame, type PopupSize } from '@web/ui/popups/popup-frame';

addTexts(enAgentConsole);

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
  size?: PopupSize;
}) {
  return (
    <PopupFrame open={open} onOpenChange={onOpenChange} title={title} description={description} size={size} className="ac-dialog">
      {children}
    </PopupFrame>
  );
}

interface PendingConfirm {
  title: string;
  body: string;
  confirmLabel: string;
  run: () => void;
}

/**
 * A confirmation before a destructive action (remove a memo, cancel or remove a meet-up): `ask` opens it, the
 * action runs only on the confirm button; `dialog` is the element to render.
 */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const ask = (next: PendingConfirm) => setPending(next);
  const dialog = (
    <ConsoleDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)} title={pending?.title ?? ''} description={pending?.body}>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={() => setPending(null)}>
          {t('agent-console.keep-it')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            pending?.run();
            setPending(null);
          }}
        >
          {pending?.confirmLabel}
        </button>
      </div>
    </ConsoleDialog>
  );
  return { ask, dialog };
}
