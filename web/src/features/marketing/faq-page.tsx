import type { ReactElement } from 'react';
import { Link } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { useBrand } from '@web/lib/brand-context';
import { Accordion, type AccordionItem } from '@web/ui/accordion';
import { RichText } from '@web/ui/rich-text';
import './marketing.css';
import './content.css';

addTexts(enMarketing);

type Question = 'what-is' | 'free' | 'age' | 'verify-email' | 'credits' | 'payment-methods' | 'statement' | 'payment-failed' | 'vip' | 'cancel' | 'birth-date' | 'forgot' | 'delete';

/** The groups of questions; a group's id names its heading (`faq-<id>`), the same in every language. */
const FAQ: readonly { id: string; title: TextKey; questions: readonly Question[] }[] = [
  { id: 'Getting-started', title: 'marketing.faq.getting-started', questions: ['what-is', 'free', 'age', 'verify-email'] },
  { id: 'Credits-and-payments', title: 'marketing.faq.payments', questions: ['credits', 'payment-methods', 'statement', 'payment-failed'] },
  { id: 'VIP-membership', title: 'marketing.faq.vip-membership', questions: ['vip', 'cancel'] },
  { id: 'Account-and-privacy', title: 'marketing.faq.account-privacy', questions: ['birth-date', 'forgot', 'delete'] },
];

/** Where an answer's `<0>…</0>` leads. */
const LINKS: Partial<Record<Question, ReactElement>> = {
  'payment-failed': <Link to="/contact-us" />,
  forgot: <Link to="/sign-in" />,
  delete: <Link to="/contact-us" />,
};

function accordionItems(questions: readonly Question[], name: string): AccordionItem[] {
  return questions.map((id) => {
    const title: TextKey = `marketing.faq.${id}`;
    const answer: TextKey = `marketing.faq.${id}-answer`;
    const link = LINKS[id];
    return {
      id,
      title: t(title, { name }),
      body: (
        <p>
          <RichText id={answer} values={{ name }} components={link ? { 0: link } : {}} />
        </p>
      ),
    };
  });
}

/** /faq: grouped questions in accessible accordions. */
export function FaqPage() {
  const name = useBrand().brand?.brand ?? 'Amora';
  return (
    <div className="mk-page">
      <header className="mk-page__head">
        <span className="mk-page__eyebrow">{t('marketing.faq.eyebrow')}</span>
        <h1 className="mk-page__title">{t('marketing.faq.title')}</h1>
        <p className="mk-page__lead">{t('marketing.faq.lead', { name })}</p>
      </header>
      <div className="ct-narrow">
        {FAQ.map((group) => (
          <section key={group.id} className="ct-faq-group" aria-labelledby={`faq-${group.id}`}>
            <h2 id={`faq-${group.id}`} className="ct-faq-group__title">
              {t(group.title)}
            </h2>
            <Accordion items={accordionItems(group.questions, name)} />
          </section>
        ))}
        <div className="ct-help">
          <h2>{t('marketing.faq.help-title')}</h2>
          <p>{t('marketing.faq.help-text')}</p>
          <Link to="/contact-us" className="mk-button mk-button--primary">
            {t('marketing.faq.contact')}
          </Link>
        </div>
      </div>
    </div>
  );
}
