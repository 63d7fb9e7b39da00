import { addTexts, t, type TextKey } from '@sync/texts';
import { enHelp } from '@sync/locales/en-help';

addTexts(enHelp);

/**
 * Help-centre articles, grouped. Facts follow docs/product.md#overview, docs/product.md#validation and §9; links stay
 * inside the app. The texts are in the catalogue (sync/src/locales/en-help.ts, de-help.ts): this outline names the
 * groups and articles in their order, `helpGroups()` reads them in the language shown.
 */
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

/** The groups and their articles, in order; an article's answer has `paragraphs` paragraphs (`help.{id}.answer-{n}`). */
export const HELP_GROUPS: readonly { id: string; articles: readonly { id: string; paragraphs: number }[] }[] = [
  { id: 'account', articles: [{ id: 'change-email', paragraphs: 2 }, { id: 'change-password', paragraphs: 2 }, { id: 'forgot-password', paragraphs: 1 }, { id: 'verify-email', paragraphs: 2 }, { id: 'birth-date', paragraphs: 1 }, { id: 'delete-account', paragraphs: 1 }] },
  { id: 'credits', articles: [{ id: 'what-are-credits', paragraphs: 1 }, { id: 'buy-credits', paragraphs: 1 }, { id: 'vip', paragraphs: 2 }, { id: 'saved-cards', paragraphs: 1 }, { id: 'payment-failed', paragraphs: 2 }] },
  { id: 'messages', articles: [{ id: 'send-message', paragraphs: 1 }, { id: 'archive', paragraphs: 1 }, { id: 'masked', paragraphs: 1 }, { id: 'offline', paragraphs: 1 }] },
  { id: 'safety', articles: [{ id: 'entertainment', paragraphs: 1 }, { id: 'online-status', paragraphs: 1 }, { id: 'location-private', paragraphs: 1 }, { id: 'photo-approval', paragraphs: 1 }] },
  { id: 'technical', articles: [{ id: 'upload-rules', paragraphs: 1 }, { id: 'install', paragraphs: 1 }, { id: 'not-loading', paragraphs: 1 }, { id: 'emails', paragraphs: 1 }] },
];

const text = (key: string) => t(key as TextKey);

/** The articles in the active language. */
export function helpGroups(): HelpGroup[] {
  return HELP_GROUPS.map((group) => ({
    id: group.id,
    title: text(`help.group.${group.id}`),
    articles: group.articles.map(({ id, paragraphs }) => ({
      id,
      question: text(`help.${id}.question`),
      answer: Array.from({ length: paragraphs }, (_, index) => text(`help.${id}.answer-${index + 1}`)),
      keywords: text(`help.${id}.keywords`).split(',').map((word) => word.trim()),
    })),
  }));
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Groups holding the articles that contain every word of the query (in the question, the answer or the
 * keywords); empty groups are left out. An empty query answers every group.
 */
export function searchHelp(query: string, groups: readonly HelpGroup[] = helpGroups()): HelpGroup[] {
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
