import { useEffect, useId, useRef, useState } from 'react';
import { EmojiImage } from './emoji-image';
import { EmojiPicker, type PickedEmoji } from './emoji-picker';
import { resolveOptions, type PickerOptionsInput } from './picker-options';

export interface EmojiButtonProps {
  options?: PickerOptionsInput;
  /** Called with the chosen emoji; the popup closes after. */
  onPick: (picked: PickedEmoji) => void;
  className?: string;
}

/**
 * The trigger and a non-modal popup above it (docs/product.md#constants offset 6 px). Escape or a press outside closes it;
 * Escape gives focus back to the trigger.
 */
export function EmojiButton({ options, onPick, className }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const resolved = resolveOptions(options);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (popup.current?.contains(target) || trigger.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  return (
    <span className={`emoji-button ${className ?? ''}`.trim()}>
      <button
        ref={trigger}
        type="button"
        className="emoji-button__trigger"
        aria-label={resolved.staticTexts.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">
          <EmojiImage text="😊" code="1f60a" className="emoji-button__img" />
        </span>
      </button>
      {open && (
        <div
          ref={popup}
          id={popupId}
          role="dialog"
          aria-label={resolved.staticTexts.trigger}
          className="emoji-button__popup"
          style={{ bottom: `calc(100% + ${resolved.offset}px)` }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <EmojiPicker
            options={options}
            autoFocus
            onSelect={(picked) => {
              close(false);
              onPick(picked);
            }}
          />
        </div>
      )}
    </span>
  );
}
