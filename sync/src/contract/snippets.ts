/**
 * Canned replies (issue 16): snippets an agent inserts into the reply composer. A snippet is the agent's own
 * (`shared: false`, only its author sees and edits it) or shared by an admin with every staff member.
 * Placeholders (sync/src/rules/snippet-placeholders.ts) are filled with the conversation's names on insertion.
 */
import { z } from 'zod';
import { text } from './text.js';
import { MESSAGE_MAX_LENGTH } from './messaging.js';

export const SNIPPET_TITLE_MAX = 80;
/** A snippet never makes a reply longer than a reply may be. */
export const SNIPPET_BODY_MAX = MESSAGE_MAX_LENGTH;
/** Snippets one agent may keep of their own; the shared list has its own cap. */
export const SNIPPETS_PER_AGENT = 200;
export const SHARED_SNIPPETS_MAX = 500;

export const snippet = z.object({
  _id: text(),
  title: text(),
  body: text(),
  /** Shared by an admin with every staff member; false: the author's own. */
  shared: z.boolean(),
  /** The author (for a shared snippet, the admin who wrote it last). */
  agentId: text().nullable(),
  /** Whether the caller may edit or delete it (their own, or any shared one for an admin). */
  editable: z.boolean(),
  createDate: text(),
  updateDate: text(),
});
export type Snippet = z.infer<typeof snippet>;

const title = text().trim().min(1, 'Required').max(SNIPPET_TITLE_MAX, `The title must contain at most ${SNIPPET_TITLE_MAX} symbols`);
const body = text().trim().min(1, 'Required').max(SNIPPET_BODY_MAX, `The text must contain at most ${SNIPPET_BODY_MAX} symbols`);

/** POST /api/snippets: `shared: true` is for admins only (403 otherwise). */
export const createSnippetBody = z.object({ title, body, shared: z.boolean().default(false) }).strict();
/** PATCH /api/snippets/{id}: a snippet keeps whether it is shared. */
export const updateSnippetBody = z.object({ title, body }).partial().strict();
export type CreateSnippetBody = z.infer<typeof createSnippetBody>;
export type UpdateSnippetBody = z.infer<typeof updateSnippetBody>;

/** GET /api/snippets: the caller's own, then the shared ones, each by title. */
export const snippetList = z.object({ data: z.array(snippet), total: z.number().int().min(0) });
export type SnippetList = z.infer<typeof snippetList>;
