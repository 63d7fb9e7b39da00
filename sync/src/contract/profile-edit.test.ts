import { describe, expect, it } from 'vitest';
import { ageFromBirthDate, defaultAgeRange, defaultAgeRangeOf, isProfileComplete, profileEditBody, userPatchBody } from './profile-edit.js';

describe('defaultAgeRange', () => {
  it('spans 10 years below to 5 above, within 18..100', () => {
    expect(defaultAgeRange(35)).toEqual({ min: 25, max: 40 });
    expect(defaultAgeRange(20)).toEqual({ min: 18, max: 25 });
    expect(defaultAgeRange(98)).toEqual({ min: 88, max: 100 });
  });
  it('uses the age on the given day', () => {
    expect(ageFromBirthDate('1990-07-01', new Date('2025-06-30T00:00:00Z'))).toBe(34);
    expect(ageFromBirthDate('1990-07-01', new Date('2025-07-01T00:00:00Z'))).toBe(35);
  });
  it('starts an account from its birth date, an unreal date counting as the youngest age', () => {
    expect(defaultAgeRangeOf('1990-07-01', new Date('2025-07-01T00:00:00Z'))).toEqual({ min: 25, max: 40 });
    expect(defaultAgeRangeOf('1990-07-01', new Date('2025-06-30T00:00:00Z'))).toEqual({ min: 24, max: 39 });
    expect(defaultAgeRangeOf('not a date', new Date('2025-07-01T00:00:00Z'))).toEqual({ min: 18, max: 23 });
  });
});

const form = {
  gender: 'woman',
  location: { city: 'Austin', state: 'TX' },
  lookingForAge: { min: 25, max: 40 },
  keepLocationPrivate: false,
  showOnline: true,
  lookingFor: ['hiking'],
  aboutMe: 'I like long walks.',
  email: 'jane@example.com',
  notifyByEmail: true,
};

describe('profileEditBody', () => {
  it('accepts the form without a new password', () => {
    expect(profileEditBody.safeParse(form).success).toBe(true);
  });
  it('says what is missing in the documented words', () => {
    const result = profileEditBody.safeParse({ ...form, lookingFor: [], aboutMe: '  ' });
    const byPath = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byPath).toEqual({
      lookingFor: 'Information is required, please fill in some tags',
      aboutMe: 'Information is required, please fill the about me field',
    });
  });
  it('keeps the age range within 18..100 and in order', () => {
    expect(profileEditBody.safeParse({ ...form, lookingForAge: { min: 17, max: 30 } }).success).toBe(false);
    expect(profileEditBody.safeParse({ ...form, lookingForAge: { min: 40, max: 30 } }).success).toBe(false);
    expect(profileEditBody.safeParse({ ...form, lookingForAge: { min: 18, max: 100 } }).success).toBe(true);
  });
  it('lets a PATCH carry any part', () => {
    expect(userPatchBody.parse({ showOnline: false })).toEqual({ showOnline: false });
    expect(userPatchBody.safeParse({ email: 'bad' }).success).toBe(false);
  });
});

describe('isProfileComplete', () => {
  const full = {
    images: [{}],
    profile: { lookingFor: ['x'], aboutMe: 'hi', height: 170, hairColor: 'red', eyeColor: 'blue', relationshipStatus: 'single', bodyType: 'fit' },
  };
  it('needs every checklist item', () => {
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, images: [] })).toBe(false);
    expect(isProfileComplete({ ...full, profile: { ...full.profile, aboutMe: ' ' } })).toBe(false);
    expect(isProfileComplete({ ...full, profile: { ...full.profile, height: null } })).toBe(false);
  });
});
