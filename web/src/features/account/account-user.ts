import type { Image, Location, User as ContractUser } from '@sync/contract/entities';
import { ageFromBirthDate, defaultAgeRange } from '@sync/contract/profile-edit';
import { MIN_AGE } from '@sync/rules/age';
import type { User } from '@web/lib/user-store';

/** The store keeps the user loosely typed; the account screens read it through the contract's shape. */
export type AccountUser = Partial<Omit<ContractUser, 'profile'>> & {
  _id: string;
  profile?: Partial<ContractUser['profile']> & { settings?: Partial<ContractUser['profile']['settings']> };
};

export const asAccountUser = (user: User): AccountUser => user as unknown as AccountUser;

export function imagesOf(user: AccountUser): Image[] {
  return Array.isArray(user.images) ? user.images : [];
}

export function ageOf(user: AccountUser): number | null {
  const birthDate = user.profile?.birthDate;
  return birthDate ? ageFromBirthDate(birthDate) : null;
}

/** The saved range, else docs/product.md#validation's default from the member's age (18 when the age is unknown). */
export function lookingForAgeOf(user: AccountUser): { min: number; max: number } {
  return user.profile?.settings?.lookingForAge ?? defaultAgeRange(ageOf(user) ?? MIN_AGE);
}

export function locationOf(user: AccountUser): Location | null {
  return user.profile?.location ?? null;
}
