/** docs/product.md#data contact and affiliate forms, POST /customer-support (affiliate with ?form_type=affiliate). */
import { z } from 'zod';
import { text } from './text.js';
import { t } from '../texts.js';
import { atLeastOneOf, choice, emailField, maxLen, optionalTextField, textField } from './fields.js';

export const contactSubjects = ['payment-issues', 'general-inquiries', 'account-deactivation', 'partnership-inquiries'] as const;
export type ContactSubject = (typeof contactSubjects)[number];
export const contactSubjectLabels: Record<ContactSubject, string> = {
  'payment-issues': 'Payment issues',
  'general-inquiries': 'General inquiries',
  'account-deactivation': 'Account deactivation',
  'partnership-inquiries': 'Partnership inquiries',
};

export const CONTACT_MESSAGE_MAX = 5000;

export const contactBody = z.object({
  name: textField([maxLen(100, 'name')]),
  email: emailField,
  subject: choice(contactSubjects),
  message: textField([maxLen(CONTACT_MESSAGE_MAX, 'message')]),
});
export type ContactBody = z.infer<typeof contactBody>;

/** A ticket number is returned for the contact form (docs/product.md#data). */
export const contactAnswer = z.object({ ticketNumber: text() });
export type ContactAnswer = z.infer<typeof contactAnswer>;

export const messengers = ['skype', 'telegram', 'wechat'] as const;
export type Messenger = (typeof messengers)[number];
export const messengerLabels: Record<Messenger, string> = { skype: 'Skype', telegram: 'Telegram', wechat: 'WeChat' };

export const trafficSources = [
  'social-media',
  'native',
  'banner',
  'popup',
  'seo',
  'paid-search',
  'push',
  'in-app',
  'sms',
  'email',
  'other',
] as const;
export type TrafficSource = (typeof trafficSources)[number];
export const trafficSourceLabels: Record<TrafficSource, string> = {
  'social-media': 'Social media',
  native: 'Native',
  banner: 'Banner',
  popup: 'Popup',
  seo: 'SEO',
  'paid-search': 'Paid search',
  push: 'Push',
  'in-app': 'In-app',
  sms: 'SMS',
  email: 'Email',
  other: 'Other',
};

export const verticals = [
  'dating',
  'gaming',
  'crypto',
  'finance',
  'nutra',
  'e-commerce',
  'sweepstakes',
  'gambling',
  'travel',
  'education',
  'software',
  'insurance',
] as const;
export type Vertical = (typeof verticals)[number];
export const verticalLabels: Record<Vertical, string> = {
  dating: 'Dating',
  gaming: 'Gaming',
  crypto: 'Crypto',
  finance: 'Finance',
  nutra: 'Nutra',
  'e-commerce': 'E-commerce',
  sweepstakes: 'Sweepstakes',
  gambling: 'Gambling',
  travel: 'Travel',
  education: 'Education',
  software: 'Software',
  insurance: 'Insurance',
};

export const YEARS_OF_EXPERIENCE_MAX = 60;

export const affiliateBody = z.object({
  fullName: textField([maxLen(100, 'full name')]),
  email: emailField,
  company: textField([maxLen(100, 'company')]),
  messenger: choice(messengers),
  messengerId: textField([maxLen(100, 'messenger ID')]),
  country: textField([maxLen(100, 'country')]),
  yearsOfExperience: z
    .number({ error: t('validation.required') })
    .int({ error: t('validation.invalid-value') })
    .min(0, { error: t('validation.invalid-value') })
    .max(YEARS_OF_EXPERIENCE_MAX, { error: t('validation.invalid-value') }),
  /** The countries or regions promoted, as the partner writes them. */
  geos: textField([maxLen(500, 'geos')]),
  trafficSources: atLeastOneOf(trafficSources),
  otherVerticals: z.array(choice(verticals)).max(verticals.length).default([]),
  otherText: optionalTextField([maxLen(1000, 'other')]),
});
export type AffiliateBody = z.infer<typeof affiliateBody>;
export type AffiliateInput = z.input<typeof affiliateBody>;

/** POST /customer-support?form_type=affiliate takes the affiliate form; without it, the contact form. */
export const supportQuery = z.object({ form_type: z.enum(['contact', 'affiliate']).optional() });
