import * as Dialog from '@radix-ui/react-dialog';
import { t } from '@sync/texts';
import type { PopupKind } from './popup-kinds';
import { getPopup } from './popup-registry';
import { popups as appQueue, usePopupQueue, type PopupEntry, type PopupQueue } from './popup-queue';

function resolve<P>(value: string | ((props: P) => string) | undefined, props: P): string | undefined {
  return typeof value === 'function' ? value(props) : value;
}

function ActivePopup({ entry, queue }: { entry: PopupEntry; queue: PopupQueue }) {
  const definition = getPopup(entry.kind as PopupKind);
  const close = () => queue.close(entry.id);
  const title = definition ? resolve(definition.title as string | ((p: unknown) => string), entry.props) : entry.kind;
  const description = definition ? resolve(definition.description as string | ((p: unknown) => string) | undefined, entry.props) : undefined;
  const Body = definition?.Body as ((props: { props: unknown; close: () => void }) => React.ReactNode) | undefined;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" />
        <Dialog.Content
          className={`popup popup--${definition?.size ?? 'md'}`}
          data-popup={entry.kind}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="popup__header">
            <Dialog.Title className="popup__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('shell.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="popup__description">{description}</Dialog.Description>}
          <div className="popup__body">
            {Body ? <Body props={entry.props} close={close} /> : <p className="muted">{t('shell.coming-soon')}</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Renders the active popup in a Radix dialog (focus trapped, labelled by its title, Escape closes).
 * Keyed by id so the next queued popup mounts fresh.
 */
export function PopupHost({ queue = appQueue }: { queue?: PopupQueue }) {
  const { active } = usePopupQueue(queue);
  if (!active) return null;
  return <ActivePopup key={active.id} entry={active} queue={queue} />;
}
