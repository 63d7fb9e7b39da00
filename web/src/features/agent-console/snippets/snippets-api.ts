/** The canned replies' calls (GET/POST/PATCH/DELETE /api/snippets). */
import type { CreateSnippetBody, Snippet, SnippetList, UpdateSnippetBody } from '@sync/contract/snippets';
import { api } from '@web/lib/api';

const enc = encodeURIComponent;

export function fetchSnippets(): Promise<SnippetList> {
  return api.get<SnippetList>('/snippets', { loader: false });
}
export function createSnippet(body: CreateSnippetBody): Promise<Snippet> {
  return api.post<Snippet>('/snippets', body, { loader: false });
}
export function updateSnippet(id: string, body: UpdateSnippetBody): Promise<Snippet> {
  return api.patch<Snippet>(`/snippets/${enc(id)}`, body, { loader: false });
}
export function deleteSnippet(id: string): Promise<unknown> {
  return api.delete(`/snippets/${enc(id)}`, { loader: false });
}
