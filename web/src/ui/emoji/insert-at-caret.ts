/** docs/product.md#constants mode 'insert': the text goes in at the caret, replacing any selection. */
export function insertAtCaret(
  value: string,
  selection: { start: number | null; end: number | null },
  text: string,
): { value: string; caret: number } {
  const start = selection.start ?? value.length;
  const end = selection.end ?? start;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/**
 * Inserts into a controlled textarea: `write` gets the new value, and the caret lands after the inserted text
 * once React has written it (the next frame).
 */
export function insertIntoBox(box: HTMLTextAreaElement | null, value: string, text: string, write: (next: string) => void): void {
  const next = insertAtCaret(value, { start: box?.selectionStart ?? null, end: box?.selectionEnd ?? null }, text);
  write(next.value);
  requestAnimationFrame(() => {
    box?.focus();
    box?.setSelectionRange(next.caret, next.caret);
  });
}
