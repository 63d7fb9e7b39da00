import type { AppDeps } from '../../context.js';
import { handleAgeVerificationResult } from '../verification/service.js';
import { confirmCharge } from './confirm.js';

/**
 * Points the providers' webhooks at this API's handlers. In-process sandboxes call them directly; a real
 * processor's adapter would receive its HTTP webhook and call the same handlers.
 */
export function connectProviderWebhooks(deps: AppDeps): void {
  deps.providers.payments.onResult(async (result) => {
    await confirmCharge(deps, result);
  });
  deps.providers.ageVerification.onResult((result) => handleAgeVerificationResult(deps, result));
}
