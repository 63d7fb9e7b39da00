/**
 * Canned-reply placeholders (issue 16): `{member}` is the member's name, `{profile}` the fictive profile's,
 * filled when the agent inserts the snippet. One rule for the composer, the snippet editor's preview and tests.
 */
export const SNIPPET_PLACEHOLDERS = ['member', 'profile'] as const;
export type SnippetPlaceholder = (typeof SNIPPET_PLACEHOLDERS)[number];

// `{member}`, `{ Member }`: agents type them by hand, so case and inner spaces do not matter.
const TOKEN = /\{\s*(member|profile)\s*\}/gi;

/** The snippet's text with each known placeholder replaced; an unknown `{word}` is left for the agent to see. */
export function fillPlaceholders(body: string, names: Record<SnippetPlaceholder, string>): string {
  return body.replace(TOKEN, (_, name: string) => names[name.toLowerCase() as SnippetPlaceholder]);
}

/** Whether a snippet matches what the agent typed in the picker: every word, in its title or its text. */
export function snippetMatches(snippet: { title: string; body: string }, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${snippet.title}\n${snippet.body}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
