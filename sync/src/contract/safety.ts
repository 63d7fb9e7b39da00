/**
 * Blocking and reporting a profile, and deleting one's own account: the bodies the API validates and the web
 * sends, from one definition (docs/decisions/0034-block-report-and-account-deletion.md).
 */
import { z } from 'zod';
import { text } from './text.js';
import { pagingQuery, statusParam } from './query.js';

/** Why a member reports a profile: a choice, with optional words. */
export const reportReasons = ['fake-profile', 'harassment', 'inappropriate-photos', 'spam-or-scam', 'underage', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  'fake-profile': 'Fake profile',
  harassment: 'Harassment or hate',
  'inappropriate-photos': 'Inappropriate photos',
  'spam-or-scam': 'Spam or scam',
  underage: 'Looks under 18',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;

export const reportBody = z
  .object({
    reason: z.enum(reportReasons, { error: 'Choose a reason' }),
    details: text()
      .trim()
      .max(REPORT_DETAILS_MAX, { error: `At most ${REPORT_DETAILS_MAX} characters` })
      .optional(),
    /** Block the profile in the same step (the report dialog offers it, ticked). */
    block: z.boolean().optional(),
  })
  .strict();
export type ReportBody = z.infer<typeof reportBody>;

export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** The admin queues page by 20. */
export const MODERATION_PAGE_SIZE = 20;

/** GET /moderation/reports: open reports unless asked for resolved ones. */
export const reportsQuery = z.object({ status: statusParam(reportStatuses, 'open'), ...pagingQuery(MODERATION_PAGE_SIZE).shape });

/** Where a member's uploaded image stands in moderation. */
export const moderationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

/** GET /moderation/images: pending images unless asked for decided ones. */
export const moderationQuery = z.object({ status: statusParam(moderationStatuses, 'pending'), ...pagingQuery(MODERATION_PAGE_SIZE).shape });

/** What the admin decided about a report. */
export const reportOutcomes = ['dismissed', 'warned', 'profile-deactivated'] as const;
export type ReportOutcome = (typeof reportOutcomes)[number];
export const reportOutcomeLabels: Record<ReportOutcome, string> = {
  dismissed: 'Dismiss',
  warned: 'Note a warning',
  'profile-deactivated': 'Deactivate the profile',
};

export const resolveReportBody = z
  .object({
    outcome: z.enum(reportOutcomes, { error: 'Choose an outcome' }),
    note: text().trim().max(REPORT_DETAILS_MAX).optional(),
  })
  .strict();
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

/** One blocked profile, as the settings page lists it. */
export const blockedProfile = z.object({
  profileId: text(),
  username: text(),
  avatar: text().nullable(),
  blockDate: text(),
});
export type BlockedProfile = z.infer<typeof blockedProfile>;

/** One report, as the admin moderation screen lists it. */
export const reportItem = z.object({
  _id: text(),
  reason: z.enum(reportReasons),
  details: text(),
  status: z.enum(reportStatuses),
  outcome: z.enum(reportOutcomes).nullable(),
  note: text().nullable(),
  createDate: text(),
  resolveDate: text().nullable(),
  reporter: z.object({ userId: text().nullable(), username: text() }),
  profile: z.object({ _id: text(), username: text(), kind: z.enum(['member', 'fictive']), active: z.boolean(), avatar: text().nullable() }),
  resolvedBy: text().nullable(),
});
export type ReportItem = z.infer<typeof reportItem>;

/** Days between the request and the removal; signing in meanwhile offers to cancel. */
export const DELETION_GRACE_DAYS = 14;

export const deletionRequestBody = z
  .object({
    currentPassword: text().max(200).optional(),
  })
  .strict();
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

/** Sign-in during the grace period: the same credentials, and the member's choice to keep the account. */
export const deletionState = z.object({ deletionDate: text().nullable() });
