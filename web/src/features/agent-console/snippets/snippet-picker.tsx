import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { Snippet } from '@sync/contract/snippets';
import { MESSAGE_MAX_LENGTH } from '@sync/contract/messaging';
import { fillPlaceholders, snippetMatches, type SnippetPlaceholder } from '@sync/rules/snippet-placeholders';
import { insertIntoBox } from '@web/ui/emoji/insert-at-caret';
import { RichText } from '@web/ui/rich-text';
import { useSnippets } from './snippets-context';
import { focusOnMount } from '@web/ui/focus-on-mount';
import './snippets.css';

addTexts(enAgentConsole);

export interface SnippetPickerOptions {
  boxRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (next: string) => void;
  names: Record<SnippetPlaceholder, string>;
  disabled: boolean;
}

export interface SnippetPicker {
  /** The reply box's key handler runs this first; true when the key opened the picker. */
  onBoxKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  button: ReactNode;
  popover: ReactNode;
}

/** Whether a key in the reply box opens the picker: `/` with the caret at the very start, or Ctrl/⌘ K. */
export function opensPicker(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, box: Pick<HTMLTextAreaElement, 'selectionStart' | 'selectionEnd'>): 'slash' | 'key' | null {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return 'key';
  if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && box.selectionStart === 0 && box.selectionEnd === 0) return 'slash';
  return null;
}

/**
 * Canned replies in the reply composer (issue 16): `/` at the start of the box or Ctrl K opens a searchable
 * list (a combobox over a listbox: arrows move, Enter inserts, Esc closes), and a click works too. The snippet
 * goes in at the caret with {member} and {profile} filled, and the caret is back in the box after it. Outside a
 * SnippetsProvider it offers nothing.
 */
export function useSnippetPicker({ boxRef, text, setText, names, disabled }: SnippetPickerOptions): SnippetPicker {
  const store = useSnippets();
  const [open, setOpen] = useState<null | 'slash' | 'key'>(null);

  const close = (restoreSlash: boolean) => {
    const box = boxRef.current;
    // A `/` that opened the picker and led nowhere is the agent's text after all: it goes back in.
    if (restoreSlash && open === 'slash' && box) insertIntoBox(box, text, '/', setText);
    else requestAnimationFrame(() => box?.focus());
    setOpen(null);
  };

  const insert = (snippet: Snippet) => {
    const box = boxRef.current;
    const selected = box ? Math.abs((box.selectionEnd ?? 0) - (box.selectionStart ?? 0)) : 0;
    const room = Math.max(0, MESSAGE_MAX_LENGTH - (text.length - selected));
    insertIntoBox(box, text, fillPlaceholders(snippet.body, names).slice(0, room), setText);
    setOpen(null);
  };

  if (!store || disabled) return { onBoxKeyDown: () => false, button: null, popover: null };

  const onBoxKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const how = opensPicker(event, event.currentTarget);
    if (!how) return false;
    event.preventDefault();
    setOpen(how);
    return true;
  };

  const button = (
    <button
      type="button"
      className="ac-btn ac-btn--small"
      aria-haspopup="dialog"
      aria-expanded={open !== null}
      aria-keyshortcuts="Control+K /"
      onClick={() => (open ? close(false) : setOpen('key'))}
    >
      {t('agent-console.snippets')} <kbd>{t('agent-console.keys-ctrl-k')}</kbd>
    </button>
  );

  const popover = open ? (
    <PickerPopover snippets={store.snippets} loading={store.phase === 'loading'} names={names} onPick={insert} onClose={close} onManage={() => {
      setOpen(null);
      store.setManaging(true);
    }} />
  ) : null;

  return { onBoxKeyDown, button, popover };
}

function PickerPopover({
  snippets,
  loading,
  names,
  onPick,
  onClose,
  onManage,
}: {
  snippets: Snippet[];
  loading: boolean;
  names: Record<SnippetPlaceholder, string>;
  onPick: (snippet: Snippet) => void;
  onClose: (restoreSlash: boolean) => void;
  onManage: () => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const found = snippets.filter((s) => snippetMatches(s, query));
  const current = Math.min(active, Math.max(0, found.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  // A click anywhere else closes the list, as Esc does (the box keeps its text).
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [onClose]);

  useLayoutEffect(() => {
    listRef.current?.querySelector(`#${CSS.escape(optionId(current))}`)?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (found.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + found.length) % found.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(Math.max(0, found.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const pick = found[current];
      if (pick) onPick(pick);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(query === '');
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <div ref={rootRef} className="ac-snippets-pop" role="dialog" aria-label={t('agent-console.snippets')}>
      <input
        className="form-input ac-snippets-pop__search"
        type="text"
        role="combobox"
        aria-label={t('agent-console.search-snippets')}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={found.length > 0 ? optionId(current) : undefined}
        placeholder={t('agent-console.search-snippets-placeholder')}
        autoComplete="off"
        spellCheck={false}
        ref={focusOnMount}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul ref={listRef} id={`${id}-list`} className="ac-snippets-pop__list" role="listbox" aria-label={t('agent-console.matching-snippets')}>
        {found.map((snippet, index) => (
          <li
            key={snippet._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={`ac-snippets-pop__option ${index === current ? 'is-active' : ''}`}
            // mousedown, not click: the search box keeps focus until the pick, so nothing flickers.
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(snippet);
            }}
            onMouseMove={() => index !== current && setActive(index)}
          >
            <span className="ac-snippets-pop__title">
              {snippet.title}
              {snippet.shared && <span className="ac-tag">{t('agent-console.shared')}</span>}
            </span>
            <span className="ac-snippets-pop__preview">{fillPlaceholders(snippet.body, names)}</span>
          </li>
        ))}
      </ul>
      {found.length === 0 && (
        <p className="ac-empty ac-snippets-pop__none" role="status">
          {loading ? t('agent-console.loading-snippets') : snippets.length === 0 ? t('agent-console.no-snippets') : t('agent-console.no-snippet-matches', { query })}
        </p>
      )}
      <div className="ac-snippets-pop__foot">
        <span className="muted">
          <RichText id="agent-console.picker-keys" components={{ 0: <kbd />, 1: <kbd />, 2: <kbd />, 3: <kbd /> }} />
        </span>
        <button type="button" className="ac-link" onClick={onManage}>
          {t('agent-console.manage-snippets')}
        </button>
      </div>
    </div>
  );
}
