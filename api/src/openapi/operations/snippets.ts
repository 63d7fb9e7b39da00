/** Canned replies for the agent console's reply composer (issue 16). */
import { z } from 'zod';
import { createSnippetBody, snippet, snippetList, updateSnippetBody } from '@sync/contract/snippets';
import { idParams, json, statusSuccess, type Operation } from '../describe.js';

const SESSION = 'unauthorized (no token), token-expired, session-ended';
const STAFF_ONLY = 'forbidden: not a staff token';
const SHARED = 'forbidden: a shared snippet, and the caller is not an admin';

export const snippetOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/snippets',
    tag: 'Agent console',
    summary: "The caller's canned replies, then the shared ones",
    description: 'Placeholders `{member}` and `{profile}` in a body are filled by the console with the conversation’s names.',
    callers: ['staff'],
    answers: { 200: json(snippetList, 'The snippets') },
    errors: { 401: SESSION, 403: STAFF_ONLY },
  },
  {
    method: 'post',
    path: '/api/snippets',
    tag: 'Agent console',
    summary: 'Add a canned reply (shared: true for admins only)',
    callers: ['staff'],
    body: createSnippetBody,
    answers: { 201: json(snippet, 'The snippet') },
    errors: { 400: 'invalid-json', 401: SESSION, 403: `${SHARED}; ${STAFF_ONLY}`, 409: 'snippet-limit' },
  },
  {
    method: 'patch',
    path: '/api/snippets/:id',
    tag: 'Agent console',
    summary: 'Edit a canned reply: one’s own, or a shared one as an admin',
    callers: ['staff'],
    params: idParams('Snippet id'),
    body: updateSnippetBody,
    answers: { 200: json(snippet, 'The snippet') },
    errors: { 400: 'invalid-json', 401: SESSION, 403: `${SHARED}; ${STAFF_ONLY}`, 404: 'not-found (also another agent’s own snippet)' },
  },
  {
    method: 'delete',
    path: '/api/snippets/:id',
    tag: 'Agent console',
    summary: 'Remove a canned reply: one’s own, or a shared one as an admin',
    callers: ['staff'],
    params: idParams('Snippet id'),
    answers: { 200: json(statusSuccess.extend({ message: z.string() }), 'Removed') },
    errors: { 401: SESSION, 403: `${SHARED}; ${STAFF_ONLY}`, 404: 'not-found (also another agent’s own snippet)' },
  },
];
