/** Blocking and reporting a profile, the admins' report queue, and self-service account deletion (decision 0034). */
import { z } from 'zod';
import { blockedProfile, deletionRequestBody, reportBody, reportItem, reportStatuses, resolveReportBody } from '@sync/contract/safety';
import { idParams, json, page, pagingQuery, type Operation } from '../describe.js';

const SESSION = 'unauthorized (no token), token-expired, session-ended';
const MEMBER_ONLY = 'forbidden: not a member token';
const ADMIN_ONLY = 'forbidden: not an admin';

const blockAnswer = (blocked: boolean) => z.object({ profileId: z.string(), blocked: z.literal(blocked) });

export const safetyOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/profile/:id/block',
    tag: 'Safety',
    summary: 'Block a profile: it leaves every list, the conversation with it leaves the member’s devices, sends to it answer 403',
    callers: ['member'],
    params: idParams('Profile id'),
    answers: { 200: json(blockAnswer(true), 'Blocked (again is the same)') },
    errors: { 401: SESSION, 403: MEMBER_ONLY, 404: 'not-found: unknown, inactive or another brand’s profile' },
  },
  {
    method: 'delete',
    path: '/api/profile/:id/block',
    tag: 'Safety',
    summary: 'Unblock a profile the member blocked',
    callers: ['member'],
    params: idParams('Profile id'),
    answers: { 200: json(blockAnswer(false), 'Unblocked') },
    errors: { 401: SESSION, 403: MEMBER_ONLY, 404: 'not-found: the member had not blocked it' },
  },
  {
    method: 'get',
    path: '/api/blocks',
    tag: 'Safety',
    summary: 'The profiles the member blocked, newest first',
    callers: ['member'],
    answers: { 200: json(z.object({ data: z.array(blockedProfile) }), 'The member’s own blocks') },
    errors: { 401: SESSION, 403: MEMBER_ONLY },
  },
  {
    method: 'post',
    path: '/api/profile/:id/report',
    tag: 'Safety',
    summary: 'Report a profile with a reason (and block it with `block: true`); one open report per member and profile',
    callers: ['member'],
    params: idParams('Profile id'),
    body: reportBody,
    answers: { 201: json(z.object({ _id: z.string(), status: z.enum(reportStatuses), blocked: z.boolean() }), 'The report (the open one on a repeat)') },
    errors: { 400: 'invalid-json naming the field', 401: SESSION, 403: MEMBER_ONLY, 404: 'not-found', 429: 'too-many-reports' },
  },
  {
    method: 'get',
    path: '/api/moderation/reports',
    tag: 'Admin',
    summary: 'Members’ reports: open ones oldest first, resolved ones newest first',
    callers: ['admin'],
    query: pagingQuery(20).extend({ status: z.enum(reportStatuses).default('open') }),
    answers: { 200: json(page(reportItem), 'A page') },
    errors: { 400: 'invalid-query', 401: SESSION, 403: ADMIN_ONLY },
  },
  {
    method: 'post',
    path: '/api/moderation/reports/:id/resolve',
    tag: 'Admin',
    summary: 'Resolve a report: dismiss, note a warning, or deactivate the profile (closing its other open reports)',
    callers: ['admin'],
    params: idParams('Report id'),
    body: resolveReportBody,
    answers: { 200: json(reportItem, 'The report') },
    errors: { 400: 'invalid-json', 401: SESSION, 403: ADMIN_ONLY, 404: 'not-found', 409: 'report-resolved' },
  },
  {
    method: 'post',
    path: '/api/user/:id/deletion',
    tag: 'Account',
    summary: 'Ask for the account’s deletion: every session ends now, the personal data is removed after the grace period',
    description: 'Signing in during the grace period answers 409 deletion-pending with `deletionDate`; signing in with `cancelDeletion: true` keeps the account.',
    callers: ['member'],
    params: idParams('The member’s own id'),
    body: deletionRequestBody,
    bodyRequired: false,
    answers: { 200: json(z.object({ deletionDate: z.string() }), 'When the data goes') },
    errors: {
      400: 'current-password-required, invalid-current-password, password-not-set, invalid-json',
      401: SESSION,
      403: 'forbidden: another member’s account',
      404: 'not-found',
      429: 'too many password attempts',
    },
  },
];
