import { authenticateBody, type AuthenticateBody } from '@sync/contract/auth';
import { contractResolver } from './contract-form';

export interface CredentialsValues {
  username: string;
  password: string;
}

/** The contract's login body as a form resolver: in a chunk of its own, with zod (see credentials.ts). */
export const credentialsContract = contractResolver<CredentialsValues, AuthenticateBody>(authenticateBody);
