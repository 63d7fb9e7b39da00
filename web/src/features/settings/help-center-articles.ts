/** Help-centre articles, grouped. Facts follow docs/product.md#overview, docs/product.md#validation and §9; links stay inside the app. */
export interface HelpArticle {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
  /** Extra words members search with that the text does not use. */
  keywords?: readonly string[];
}

export interface HelpGroup {
  id: string;
  title: string;
  articles: readonly HelpArticle[];
}

export const HELP_GROUPS: readonly HelpGroup[] = [
  {
    id: 'account',
    title: 'Account',
    articles: [
      {
        id: 'change-email',
        question: 'How do I change my email address?',
        answer: [
          'Open My account, choose Edit profile and type the new address in the Email field, then save.',
          'We send a verification link to the new address. Until you open it, your old address stays in use for sign-in.',
        ],
        keywords: ['address', 'verify', 'verification', 'login'],
      },
      {
        id: 'change-password',
        question: 'How do I change my password?',
        answer: [
          'On Edit profile, enter your current password and the new one twice, then save.',
          'Changing your password signs you out on every other device.',
        ],
        keywords: ['forgot', 'reset', 'sign in', 'security'],
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. How do I get back in?',
        answer: ['On the sign-in screen choose “Forgot your password?” and enter your email. We send you a link to set a new password.'],
        keywords: ['reset', 'locked out', 'login'],
      },
      {
        id: 'verify-email',
        question: 'Why must I verify my email?',
        answer: [
          'Most pages open only after your email is verified, so we know we can reach you about payments and messages.',
          'If the link expired, sign in and ask for a new one on the verification page.',
        ],
        keywords: ['confirm', 'link', 'expired'],
      },
      {
        id: 'birth-date',
        question: 'Can I change my date of birth?',
        answer: ['No. Your date of birth is set when you sign up, is never shown to others, and cannot be changed later. Members must be 18 or older.'],
        keywords: ['age', 'birthday'],
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: ['Write to support from the contact page with the subject “Account deactivation”. We confirm by email before anything is removed.'],
        keywords: ['deactivate', 'close', 'remove', 'cancel'],
      },
    ],
  },
  {
    id: 'credits',
    title: 'Credits & payments',
    articles: [
      {
        id: 'what-are-credits',
        question: 'What are credits?',
        answer: ['One credit sends one message. Reading messages, browsing profiles and swiping are free.'],
        keywords: ['price', 'cost', 'message'],
      },
      {
        id: 'buy-credits',
        question: 'How do I buy credits?',
        answer: ['Open Credits in the top navigation, pick a credit package and pay by card. The credits are added as soon as the payment succeeds.'],
        keywords: ['purchase', 'package', 'card', 'upgrade'],
      },
      {
        id: 'vip',
        question: 'What does a VIP membership include?',
        answer: [
          'VIP members see every photo of a profile, can add favourites, use the inbox filter and receive complimentary credits every month.',
          'Memberships are billed monthly, quarterly or every six months, and the charge interval is shown before you pay.',
        ],
        keywords: ['premium', 'subscription', 'membership', 'favourites', 'photos'],
      },
      {
        id: 'saved-cards',
        question: 'Can I remove a saved card?',
        answer: ['Yes. At checkout, open your saved cards and remove the one you no longer want. We keep only the last four digits on our side.'],
        keywords: ['payment method', 'delete card'],
      },
      {
        id: 'payment-failed',
        question: 'My payment failed. What now?',
        answer: [
          'Check the card number, expiry date, CVV and ZIP code, then try again. Your bank may also ask you to confirm the payment.',
          'If money left your account but no credits arrived, contact support with the subject “Payment issues”.',
        ],
        keywords: ['declined', 'charged', 'refund', 'error'],
      },
    ],
  },
  {
    id: 'messages',
    title: 'Messages',
    articles: [
      {
        id: 'send-message',
        question: 'How do I start a conversation?',
        answer: ['Open a profile and choose Chat. Every message you send uses one credit; when you run out, you are offered a credit package.'],
        keywords: ['chat', 'write', 'contact'],
      },
      {
        id: 'archive',
        question: 'How do I archive or restore a conversation?',
        answer: ['In Messages, choose Archive on a conversation. Archived conversations are under the Archive tab, where you can restore them.'],
        keywords: ['hide', 'inbox', 'restore'],
      },
      {
        id: 'masked',
        question: 'Why are parts of my message hidden?',
        answer: ['Email addresses and phone numbers are masked in chat messages to protect everyone’s privacy.'],
        keywords: ['phone number', 'email', 'stars', 'censored'],
      },
      {
        id: 'offline',
        question: 'Can I write while my connection is poor?',
        answer: ['Yes. Messages you write offline wait on your device and are sent when you are back online. A credit is used only once per message, even if sending is retried.'],
        keywords: ['offline', 'pending', 'network', 'connection'],
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety & privacy',
    articles: [
      {
        id: 'entertainment',
        question: 'Can I meet the people I chat with?',
        answer: ['No. Profiles on this service are for entertainment only and no real meetings are possible. All members must be 18 or older.'],
        keywords: ['meet', 'date', 'real', 'fictive'],
      },
      {
        id: 'online-status',
        question: 'How do I hide when I am online?',
        answer: ['In Settings, turn off “Show when I am online”. Others will no longer see the green dot on your profile.'],
        keywords: ['invisible', 'status', 'green dot'],
      },
      {
        id: 'location-private',
        question: 'How do I keep my location private?',
        answer: ['In Settings, turn on “Keep my location private”. Your city is then hidden from your profile card.'],
        keywords: ['city', 'hide', 'where'],
      },
      {
        id: 'photo-approval',
        question: 'Why does my photo say “Pending approval”?',
        answer: ['Every new photo is checked by our team before other members can see it. This usually takes a few hours; you are shown the result as soon as it is decided.'],
        keywords: ['moderation', 'image', 'picture', 'review', 'rejected'],
      },
    ],
  },
  {
    id: 'technical',
    title: 'Technical',
    articles: [
      {
        id: 'upload-rules',
        question: 'Which photos can I upload?',
        answer: ['JPEG or PNG files up to 5 MB, at least 640 × 360 pixels. Larger photos are scaled down. You can upload up to 5 files at once.'],
        keywords: ['image', 'size', 'format', 'upload', 'error'],
      },
      {
        id: 'install',
        question: 'Can I install the app on my phone?',
        answer: ['Yes. Open the site in your phone’s browser and choose “Add to Home screen” (or “Install app”). It then opens like any other app and keeps recent conversations available offline.'],
        keywords: ['pwa', 'home screen', 'android', 'iphone'],
      },
      {
        id: 'not-loading',
        question: 'A page does not load. What can I try?',
        answer: ['Refresh the page and check your connection. If a new version of the app is ready you will be asked to reload. If the problem continues, contact support and tell us what you were doing.'],
        keywords: ['error', 'blank', 'broken', 'refresh', 'bug'],
      },
      {
        id: 'emails',
        question: 'I do not receive your emails.',
        answer: ['Check your spam folder and that your email address on My account is correct. In Settings you can choose whether we email you about new messages.'],
        keywords: ['notifications', 'spam', 'mail'],
      },
    ],
  },
];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Groups holding the articles that contain every word of the query (in the question, the answer or the
 * keywords); empty groups are left out. An empty query answers every group.
 */
export function searchHelp(query: string, groups: readonly HelpGroup[] = HELP_GROUPS): HelpGroup[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups.flatMap((group) => {
    const articles = group.articles.filter((article) => {
      const haystack = normalise([article.question, ...article.answer, ...(article.keywords ?? []), group.title].join(' '));
      return words.every((word) => haystack.includes(word));
    });
    return articles.length > 0 ? [{ ...group, articles }] : [];
  });
}
