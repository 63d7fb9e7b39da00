import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Memo, MemoType } from '@sync/contract/agents';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import {
  addConversationMemo,
  addGlobalMemo,
  removeConversationMemo,
  removeGlobalMemo,
  updateConversationMemo,
  updateGlobalMemo,
} from '@web/lib/agent-api';
import { toast } from '@web/ui/toast';
import { useConfirm } from './console-dialog';
import { useRereadConversation } from './conversation-key';
import { focusOnMount } from '@web/ui/focus-on-mount';

addTexts(enAgentConsole);

type MemoChange = { kind: 'add'; note: string; global: boolean } | { kind: 'save'; memo: Memo; note: string } | { kind: 'remove'; memo: Memo };

const SUCCESS = { add: 'agent.memo-added', save: 'agent.memo-updated', remove: 'agent.memo-removed' } as const satisfies Record<MemoChange['kind'], TextKey>;

/**
 * Memos of one kind (user notes on the member, profile notes on the fictive profile): the conversation's own,
 * then the global ones that follow the member or the profile into every conversation (docs/product.md#data memo).
 */
export function MemosPanel({
  conversationId,
  type,
  ownerId,
  notes,
  readOnly = false,
}: {
  conversationId: string;
  type: MemoType;
  /** The member's user id (type user) or the profile id (type profile): the global memo's owner. */
  ownerId: string;
  notes: Memo[];
  readOnly?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [global, setGlobal] = useState(false);
  const confirm = useConfirm();
  const reread = useRereadConversation(conversationId);
  const [editing, setEditing] = useState<{ id: string; note: string } | null>(null);
  const label = t(type === 'user' ? 'agent-console.member-notes' : 'agent-console.profile-notes');
  const live = notes.filter((n) => !n.archived);

  const write = useMutation({
    mutationFn: (change: MemoChange) => {
      if (change.kind === 'add') return change.global ? addGlobalMemo(type, ownerId, change.note) : addConversationMemo(conversationId, type, change.note);
      const { memo } = change;
      if (change.kind === 'save') return memo.global ? updateGlobalMemo(type, ownerId, memo._id, change.note) : updateConversationMemo(conversationId, memo._id, change.note);
      return memo.global ? removeGlobalMemo(type, ownerId, memo._id) : removeConversationMemo(conversationId, memo._id);
    },
    onSuccess: (_, change) => {
      toast.success(t(SUCCESS[change.kind]));
      reread();
    },
    onError: () => toast.error(t('agent.error-try-again')),
  });
  const busy = write.isPending;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const note = draft.trim();
    if (!note) return;
    write.mutate(
      { kind: 'add', note, global },
      {
        onSuccess: () => {
          setDraft('');
          // Global is a choice per note: the next one is this conversation's unless ticked again.
          setGlobal(false);
        },
      },
    );
  };

  const save = (memo: Memo, note: string) => write.mutate({ kind: 'save', memo, note }, { onSuccess: () => setEditing(null) });

  const remove = (memo: Memo) => write.mutate({ kind: 'remove', memo });

  return (
    <section className="ac-card ac-memos" aria-label={label}>
      <h3 className="ac-card__title">
        {label} <span className="ac-count">{live.length}</span>
      </h3>
      {live.length === 0 ? (
        <p className="ac-empty">{t('agent-console.no-notes')}</p>
      ) : (
        <ul className="ac-memos__list">
          {live.map((memo) => (
            <li key={memo._id} className="ac-memo">
              {editing?.id === memo._id ? (
                <form
                  className="ac-memo__edit"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (editing.note.trim()) save(memo, editing.note.trim());
                  }}
                >
                  <textarea
                    className="form-input ac-textarea"
                    aria-label={t('agent-console.edit-note')}
                    value={editing.note}
                    rows={2}
                    onChange={(e) => setEditing({ id: memo._id, note: e.target.value })}
                    ref={focusOnMount}
                  />
                  <div className="ac-row">
                    <button type="submit" className="ac-btn ac-btn--small ac-btn--primary" disabled={busy}>
                      {t('agent-console.save')}
                    </button>
                    <button type="button" className="ac-btn ac-btn--small" onClick={() => setEditing(null)}>
                      {t('agent-console.cancel')}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="ac-memo__text">
                    {memo.global && <span className="ac-tag">{t('agent-console.global')}</span>} {memo.note}
                  </p>
                  {!readOnly && (
                    <div className="ac-row ac-memo__actions">
                      <button type="button" className="ac-link" onClick={() => setEditing({ id: memo._id, note: memo.note })} aria-label={t('agent-console.edit-note-named', { note: memo.note })}>
                        {t('agent-console.edit')}
                      </button>
                      <button type="button" className="ac-link ac-link--danger" onClick={() => confirm.ask({ title: t('agent-console.remove-note-title'), body: memo.note, confirmLabel: t('agent-console.remove-note'), run: () => remove(memo) })} disabled={busy} aria-label={t('agent-console.remove-note-named', { note: memo.note })}>
                        {t('agent-console.remove')}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form className="ac-memos__add" onSubmit={add}>
          <textarea
            className="form-input ac-textarea"
            aria-label={t(type === 'user' ? 'agent-console.new-member-note' : 'agent-console.new-profile-note')}
            placeholder={t('agent-console.add-note-placeholder')}
            rows={2}
            maxLength={2000}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="ac-row">
            <label className="ac-check">
              <input type="checkbox" checked={global} onChange={(e) => setGlobal(e.target.checked)} /> {t('agent-console.global-all')}
            </label>
            <button type="submit" className="ac-btn ac-btn--small ac-btn--primary" disabled={busy || !draft.trim()}>
              {t('agent-console.add-note')}
            </button>
          </div>
        </form>
      )}
      {confirm.dialog}
    </section>
  );
}
