import type { FieldErrors, Resolver } from 'react-hook-form';
import { authenticateBody, type AuthenticateBody } from '@sync/contract/auth';
import { contractResolver } from './contract-form';

export interface CredentialsValues {
  username: string;
  password: string;
}

/** A blank field is marked without a message of its own: the form warns once for both (docs/product.md#validation). */
export const MISSING = 'missing';

const contract = contractResolver<CredentialsValues, AuthenticateBody>(authenticateBody);

/**
 * Sign-in (member and agent): both fields are needed before anything is checked or sent; with either blank the
 * blank ones are marked MISSING, otherwise the contract's login body decides.
 */
export const credentialsResolver: Resolver<CredentialsValues, unknown, AuthenticateBody> = (values, context, options) => {
  const errors: FieldErrors<CredentialsValues> = {};
  if (values.username.trim() === '') errors.username = { type: MISSING };
  if (values.password === '') errors.password = { type: MISSING };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : contract(values, context, options);
};

export const anyMissing = (errors: FieldErrors<CredentialsValues>) => Object.values(errors).some((error) => error?.type === MISSING);
