import type { ReactNode } from 'react';
import { PopupFrame, type PopupSize } from '@web/ui/popups/popup-frame';

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
