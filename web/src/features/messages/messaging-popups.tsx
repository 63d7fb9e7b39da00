import { t } from '@sync/texts';
import { mutate } from '@web/sync/sync-runtime';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

type Kind = 'archive-confirmation' | 'restore-confirmation';

function ConfirmBody<K extends Kind>({ props, close, kind }: PopupBodyProps<K> & { kind: K }) {
  const archive = kind === 'archive-confirmation';
  const username = props.username ?? '';
  return (
    <div className="stack">
      <p>{t(archive ? 'messages.archive-body' : 'messages.restore-body', { username })}</p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('messages.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            void mutate(archive ? 'archiveConversation' : 'restoreConversation', { conversationId: props.conversationId });
            props.onConfirm?.();
            close();
          }}
        >
          {t(archive ? 'messages.archive-action' : 'messages.restore-action')}
        </button>
      </div>
    </div>
  );
}

/** docs/product.md#screens-and-routes "archive and restore confirmation": confirming queues the mutation (works offline). */
export function registerMessagingPopups(): void {
  registerPopup('archive-confirmation', {
    title: t('messages.archive-title'),
    size: 'sm',
    Body: (p) => <ConfirmBody {...p} kind="archive-confirmation" />,
  });
  registerPopup('restore-confirmation', {
    title: t('messages.restore-title'),
    size: 'sm',
    Body: (p) => <ConfirmBody {...p} kind="restore-confirmation" />,
  });
}
