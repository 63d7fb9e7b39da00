/** The canned replies' calls (GET/POST/PATCH/DELETE /api/snippets). */
import type { CreateSnippetBody, Snippet, SnippetList, UpdateSnippetBody } from '@sync/contract/snippets';
import { call, pathParams, rpc, via } from '@web/lib/rpc';

export function fetchSnippets(): Promise<SnippetList> {
  return call(rpc.snippets.$get(undefined, via({ loader: false })));
}
export function createSnippet(body: CreateSnippetBody): Promise<Snippet> {
  return call(rpc.snippets.$post({ json: body }, via({ loader: false })));
}
export function updateSnippet(id: string, body: UpdateSnippetBody): Promise<Snippet> {
  return call(rpc.snippets[':id'].$patch({ param: pathParams({ id }), json: body }, via({ loader: false })));
}
export function deleteSnippet(id: string): Promise<unknown> {
  return call(rpc.snippets[':id'].$delete({ param: pathParams({ id }) }, via({ loader: false })));
}
