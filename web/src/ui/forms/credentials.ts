import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AuthenticateBody } from '@sync/contract/auth';
import type { CredentialsValues } from './credentials-contract';

export type { CredentialsValues };

/** A blank field is marked without a message of its own: the form warns once for both (docs/product.md#validation). */
export const MISSING = 'missing';

/**
 * The contract's rules come with zod, which a sign-in page does not need to show itself: they load when the form
 * first takes the focus (prefetchCredentialsRules, while the member types) or at the first submit.
 */
const contract = () => import('./credentials-contract').then((module) => module.credentialsContract);

export function prefetchCredentialsRules(): void {
  void contract().catch(() => undefined);
}

/**
 * Sign-in (member and agent): both fields are needed before anything is checked or sent; with either blank the
 * blank ones are marked MISSING, otherwise the contract's login body decides.
 */
export const credentialsResolver: Resolver<CredentialsValues, unknown, AuthenticateBody> = async (values, context, options) => {
  const errors: FieldErrors<CredentialsValues> = {};
  if (values.username.trim() === '') errors.username = { type: MISSING };
  if (values.password === '') errors.password = { type: MISSING };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return (await contract())(values, context, options);
};

export const anyMissing = (errors: FieldErrors<CredentialsValues>) => Object.values(errors).some((error) => error?.type === MISSING);
