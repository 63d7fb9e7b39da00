import type { AppDeps } from '../../context.js';
import { publishSafely } from '../../realtime/publish.js';
import { loadUserState } from './service.js';

/**
 * After a payment changed the member (credits, premium, cards, age verification), their open tabs hear it as
 * `userUpdate` with the changed parts of the user state, so the header credits and the premium badge update
 * without a reload. Best effort: the client also reloads the user when polling ends.
 */
export async function publishUserUpdate(deps: AppDeps, userId: string): Promise<void> {
  try {
    const state = await loadUserState(deps, deps.db, userId);
    if (!state) return;
    const { credits, isPremium, subscriptions, transactions, savedCards, promotions, ageVerification, ageVerificationApplicable } = state;
    await publishSafely(deps, `user:${userId}`, {
      event: 'userUpdate',
      payload: { credits, isPremium, subscriptions, transactions, savedCards, promotions, ageVerification, ageVerificationApplicable },
    });
  } catch (err) {
    console.error('[payments] userUpdate failed', err);
  }
}
