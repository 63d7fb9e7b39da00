import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './accordion.css';

export interface AccordionItem {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * WAI-ARIA accordion: each header is a button in a heading that expands its region; Up/Down,
 * Home and End move between headers. Several panels may be open at once.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown' ? (index === last ? 0 : index + 1) : event.key === 'ArrowUp' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="mk-accordion">
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} className={`mk-accordion__item${expanded ? ' is-open' : ''}`}>
            <Heading className="mk-accordion__heading">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                id={buttonId}
                type="button"
                className="mk-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onKeyDown={(e) => onKeyDown(e, index)}
                onClick={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (next.has(item.id)) next.delete(item.id);
                    else next.add(item.id);
                    return next;
                  })
                }
              >
                <span>{item.title}</span>
                <svg className="mk-accordion__chevron" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="mk-accordion__panel" hidden={!expanded}>
              {item.body}
            </div>
          </div>
        );
      })}
    </div>
  );
}
