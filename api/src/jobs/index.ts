import { agentJobs } from '../modules/agents/jobs.js';
import { messagingJobs } from '../modules/messaging/new-message-mails.js';
import { paymentJobs } from '../modules/payments/jobs.js';
import { pushJobs } from '../modules/push/new-message-push.js';
import { pruneSyncResultsJob } from '../modules/sync/prune.js';
import { accountDeletionJobs } from '../modules/users/account-deletion.js';
import type { Job } from './scheduler.js';

/**
 * Every background job of the API, started by main.ts. Each domain adds its jobs here
 * (claim expiry and stocks in agents/, complimentary credits and renewals in payments/, new-message mails in
 * messaging/, account deletion in users/, new-message pushes in push/).
 */
export const jobs: Job[] = [...agentJobs, ...paymentJobs, ...messagingJobs, ...accountDeletionJobs, ...pushJobs, pruneSyncResultsJob];
