import type { User } from '@sync/contract/entities';
import type { profiles, users } from '../../db/schema/index.js';
import { defaultAgeRangeOf } from '@sync/contract/profile-edit';
import { nextResendDate } from '@sync/rules/verification';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/**
 * What the user state is built from. Only the account row and its brand are needed; every list defaults to
 * empty, so each later module passes what it owns (images, transactions, subscriptions, cards, favourites)
 * without touching the others.
 */
export interface UserStateInput {
  user: UserRow;
  domain: string;
  profile?: ProfileRow | null;
  images?: User['images'];
  transactions?: User['transactions'];
  subscriptions?: User['subscriptions'];
  savedCards?: User['savedCards'];
  ccbillTokens?: string[];
  favourites?: string[];
  viewed?: string[];
  /** The brand's flag or the account's own (payments module); defaults to the account's. */
  ageVerificationApplicable?: boolean;
}

/** The docs/product.md#data user state, field for field, without the password. */
export function serializeUser(input: UserStateInput, now: Date = new Date()): User {
  const { user, profile } = input;
  const location = profile?.location;
  const range =
    profile?.lookingForAgeMin != null && profile.lookingForAgeMax != null
      ? { min: profile.lookingForAgeMin, max: profile.lookingForAgeMax }
      : defaultAgeRangeOf(user.birthDate, now);
  const subscriptions = input.subscriptions ?? [];
  // measurement and timeFormat are added beyond docs/product.md#data (heights in cm or ft/in, 12 h or 24 h: docs/product.md#constants).
  const settings = {
    keepLocationPrivate: user.settings.keepLocationPrivate,
    showOnline: user.settings.showOnline,
    notifyByEmail: user.settings.notifyByEmail,
    lookingForAge: range,
    measurement: user.settings.measurement,
    timeFormat: user.settings.timeFormat ?? '12h',
    ...(user.settings.language ? { language: user.settings.language } : {}),
  };
  return {
    _id: user.id,
    createDate: user.createDate.toISOString(),
    updateDate: user.updateDate.toISOString(),
    activityDate: (user.activityDate ?? user.createDate).toISOString(),
    firstLoginDate: user.firstLoginDate?.toISOString() ?? null,
    domain: input.domain,
    emailValidated: user.emailValidated,
    // /verify shows its Resend countdown from the first visit instead of meeting a 429.
    nextVerificationEmailDate: user.emailValidated ? null : (nextResendDate(user.lastVerificationEmailDate)?.toISOString() ?? null),
    timezone: user.timezone,
    transactions: input.transactions ?? [],
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    images: input.images ?? [],
    credits: user.credits,
    likes: user.likes,
    profile: {
      settings,
      favourites: input.favourites ?? [],
      viewed: input.viewed ?? [],
      location: location?.city ? { city: location.city, state: location.state ?? '', zip: location.zip, country: location.country } : null,
      gender: user.gender,
      lookingForGender: user.lookingFor,
      birthDate: user.birthDate,
      aboutMe: profile?.aboutMe ?? '',
      lookingFor: profile?.lookingForTags ?? [],
      height: profile?.heightCm ?? null,
      bodyType: profile?.bodyType ?? null,
      ethnicity: profile?.ethnicity ?? null,
      hairColor: profile?.hairColor ?? null,
      eyeColor: profile?.eyeColor ?? null,
      relationshipStatus: profile?.relationshipStatus ?? null,
    },
    subscriptions,
    promotions: { firstPurchasePromotion: user.promotions.firstPurchasePromotion, complete_profile: user.promotions.complete_profile },
    isOrganic: user.isOrganic,
    // An active subscription makes a member premium even before a job flips the flag (docs/product.md#orders-and-payment membership).
    isPremium: user.isPremium || subscriptions.some((s) => s.active),
    isDOI: user.isDOI,
    savedCards: input.savedCards ?? [],
    ccbillTokens: input.ccbillTokens ?? [],
    ageVerificationApplicable: input.ageVerificationApplicable ?? user.ageVerificationApplicable,
    ageVerification: {
      result: user.ageVerification.result,
      status: user.ageVerification.status,
      ...(user.ageVerification.startedAt ? { startedAt: user.ageVerification.startedAt } : {}),
      ...(user.ageVerification.checkedAt ? { completedAt: user.ageVerification.checkedAt } : {}),
    },
  };
}
