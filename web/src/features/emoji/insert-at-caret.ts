/** SPEC §9 mode 'insert': the text goes in at the caret, replacing any selection. */
export function insertAtCaret(
  value: string,
  selection: { start: number | null; end: number | null },
  text: string,
): { value: string; caret: number } {
  const start = selection.start ?? value.length;
  const end = selection.end ?? start;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}
