import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SKIN_TONES, codeFor, glyph, type EmojiEntry, type EmojiGroups, type GroupId, type SkinTone } from './emoji-model';
import { loadEmojiGroups } from './emoji-data';
import { orderedGroups, resolveOptions, skinToneName, type PickerOptionsInput } from './picker-options';
import { loadRecent, recentToEntries, rememberEmoji } from './recent-emoji';
import { EmojiImage, EmojiText } from './emoji-image';
import { codeOfGlyph } from './emoji-text';
import './emoji-picker.css';

/** Grid width in cells; arrow up/down move by a row. */
export const GRID_COLUMNS = 8;
/** Search results are capped so a one-letter query stays fast. */
const SEARCH_LIMIT = 120;

const TONE_SWATCH: Record<SkinTone, string> = {
  neutral: '✋',
  light: '✋🏻',
  'medium-light': '✋🏼',
  medium: '✋🏽',
  'medium-dark': '✋🏾',
  dark: '✋🏿',
};

export interface PickedEmoji {
  /** The entry as listed (base code). */
  entry: EmojiEntry;
  /** The code under the chosen tone. */
  code: string;
  /** The glyph to insert. */
  text: string;
}

export interface EmojiPickerProps {
  options?: PickerOptionsInput;
  onSelect: (picked: PickedEmoji) => void;
  /** Tests and stories pass data in; the app lazy-loads it. */
  groups?: EmojiGroups;
  /** Focus the first tab (or the search box) on mount, for the popup. */
  autoFocus?: boolean;
}

function matches(entry: EmojiEntry, query: string): boolean {
  return (
    entry.names.some((name) => name.toLowerCase().includes(query)) ||
    (entry.keywords ?? []).some((word) => word.toLowerCase().includes(query))
  );
}

/**
 * One group at a time is rendered (a full set is ~1900 buttons); the search box lists matches across groups.
 */
export function EmojiPicker({ options: input, onSelect, groups: given, autoFocus }: EmojiPickerProps) {
  const options = useMemo(() => resolveOptions(input), [input]);
  const [loaded, setLoaded] = useState<EmojiGroups | null>(given ?? null);
  const [failed, setFailed] = useState(false);
  const [recent, setRecent] = useState<EmojiEntry[]>([]);
  const [tone, setTone] = useState<SkinTone>('neutral');
  const [query, setQuery] = useState('');
  const [focusIndex, setFocusIndex] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const firstControl = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (given) {
      setLoaded(given);
      return;
    }
    let live = true;
    loadEmojiGroups().then(
      (data) => live && setLoaded(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [given]);

  // docs/product.md#emoji-picker: recent items load when the options change and recent display is on.
  useEffect(() => {
    if (!options.displayRecent) {
      setRecent([]);
      return;
    }
    let live = true;
    loadRecent().then(
      (list) => live && setRecent(recentToEntries(list)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [options]);

  const tabs = useMemo(() => orderedGroups(options), [options]);
  const [active, setActive] = useState<GroupId | undefined>(undefined);
  const current: GroupId | undefined = active !== undefined && tabs.includes(active) ? active : tabs.find((group) => group !== 'recent') ?? tabs[0];

  const entriesOf = (group: GroupId): EmojiEntry[] =>
    group === 'recent' ? recent : (options.additionalGroups[group] ?? loaded?.[group] ?? []);

  const trimmed = options.hideSearch ? '' : query.trim().toLowerCase();
  const shown: EmojiEntry[] = trimmed
    ? tabs
        .filter((group) => group !== 'recent')
        .flatMap(entriesOf)
        .filter((entry) => matches(entry, trimmed))
        .slice(0, SEARCH_LIMIT)
    : current === undefined
      ? []
      : entriesOf(current);

  // A layout effect: the focus is in the picker as it opens, before the next key (Preact runs plain effects a frame later).
  useLayoutEffect(() => {
    if (autoFocus) firstControl.current?.focus();
  }, [autoFocus]);

  const choose = (entry: EmojiEntry) => {
    const code = options.disableSkinTones ? entry.code : codeFor(entry, tone);
    onSelect({ entry, code, text: glyph(code) });
    // docs/product.md#emoji-picker: only with recent display on does a choice enter the recent list (stored with its base code).
    if (options.displayRecent) {
      void rememberEmoji(entry).then((list) => setRecent(recentToEntries(list)), () => undefined);
    }
  };

  const moveFocus = (to: number) => {
    const index = Math.max(0, Math.min(shown.length - 1, to));
    setFocusIndex(index);
    gridRef.current?.querySelectorAll<HTMLButtonElement>('[data-emoji-cell]')[index]?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: GRID_COLUMNS,
      ArrowUp: -GRID_COLUMNS,
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveFocus(focusIndex + step);
    } else if (event.key === 'Home') {
      event.preventDefault();
      moveFocus(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      moveFocus(shown.length - 1);
    }
  };

  const selectGroup = (group: GroupId) => {
    setActive(group);
    setFocusIndex(0);
    gridRef.current?.scrollTo?.({ top: 0 });
  };

  const onTabsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const at = current === undefined ? 0 : tabs.indexOf(current);
    const next = tabs[(at + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
    if (next === undefined) return;
    selectGroup(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-group="${next}"]`)?.focus();
  };

  const showTabs = !(options.hideGroupIcons && options.hideGroupNames) && !trimmed;
  const gridLabel = trimmed ? options.staticTexts.placeholder : current === undefined ? '' : (options.groupNames[current] ?? current);
  const focusable = Math.min(focusIndex, Math.max(0, shown.length - 1));

  return (
    <div className="emoji-picker" data-theme={options.theme}>
      {!options.hideSearch && (
        <input
          ref={(node) => {
            firstControl.current = node;
          }}
          type="search"
          className="emoji-picker__search"
          placeholder={options.staticTexts.placeholder}
          aria-label={options.staticTexts.placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setFocusIndex(0);
          }}
        />
      )}
      {showTabs && (
        <div role="tablist" aria-label={options.staticTexts.trigger} className="emoji-picker__tabs" onKeyDown={onTabsKeyDown}>
          {tabs.map((group, index) => {
            const name = options.groupNames[group] ?? group;
            const selected = group === current;
            return (
              <button
                key={group}
                ref={(node) => {
                  if (index === 0 && options.hideSearch) firstControl.current = node;
                }}
                type="button"
                role="tab"
                data-group={group}
                aria-selected={selected}
                aria-label={options.hideGroupNames ? name : undefined}
                title={name}
                tabIndex={selected ? 0 : -1}
                className="emoji-picker__tab"
                onClick={() => selectGroup(group)}
              >
                {!options.hideGroupIcons && (
                  <span className="emoji-picker__tab-icon" aria-hidden="true">
                    {options.native ? (options.groupIcons[group] ?? '') : <EmojiText text={options.groupIcons[group] ?? ''} />}
                  </span>
                )}
                {!options.hideGroupNames && <span className="emoji-picker__tab-name">{name}</span>}
              </button>
            );
          })}
        </div>
      )}
      <div
        ref={gridRef}
        role={showTabs ? 'tabpanel' : 'group'}
        aria-label={gridLabel}
        className="emoji-picker__grid"
        style={{ gridTemplateColumns: `repeat(${GRID_COLUMNS}, 1fr)` }}
        onKeyDown={onGridKeyDown}
      >
        {!loaded && !failed && <p className="emoji-picker__status" role="status">…</p>}
        {failed && <p className="emoji-picker__status" role="alert">{options.staticTexts.noResults}</p>}
        {loaded && trimmed && shown.length === 0 && (
          <p className="emoji-picker__status" role="status">{options.staticTexts.noResults}</p>
        )}
        {shown.map((entry, index) => {
          const code = options.disableSkinTones ? entry.code : codeFor(entry, tone);
          return (
            <button
              key={entry.code}
              type="button"
              data-emoji-cell
              data-code={code}
              className="emoji-picker__cell"
              aria-label={entry.names[0] ?? code}
              title={entry.names[0]}
              tabIndex={index === focusable ? 0 : -1}
              onFocus={() => setFocusIndex(index)}
              onClick={() => choose(entry)}
            >
              <span aria-hidden="true">{options.native ? glyph(code) : <EmojiImage text={glyph(code)} code={code} className="emoji-picker__img" />}</span>
            </button>
          );
        })}
      </div>
      {!options.disableSkinTones && (
        <div role="radiogroup" aria-label={options.staticTexts.skinTone} className="emoji-picker__tones">
          {SKIN_TONES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={tone === value}
              aria-label={skinToneName(value)}
              className="emoji-picker__tone"
              onClick={() => setTone(value)}
            >
              <span aria-hidden="true">
                {options.native ? TONE_SWATCH[value] : <EmojiImage text={TONE_SWATCH[value]} code={codeOfGlyph(TONE_SWATCH[value])} className="emoji-picker__img" />}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
