import { Link } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { RichText } from '@web/ui/rich-text';
import { ContentPage } from './content-page';
import { useBrandFacts } from './use-brand-facts';

addTexts(enMarketing);

const ELIGIBILITY: readonly TextKey[] = ['marketing.terms.eligibility-age', 'marketing.terms.eligibility-one-account', 'marketing.terms.eligibility-verify'];

const NOT_ALLOWED: readonly TextKey[] = ['marketing.terms.conduct-harass', 'marketing.terms.conduct-contact', 'marketing.terms.conduct-minors', 'marketing.terms.conduct-bots'];

/** /terms */
export function TermsPage() {
  const { name, company, domain } = useBrandFacts();
  const contactForm = <Link to="/contact-us" />;
  return (
    <ContentPage
      eyebrow={t('marketing.legal')}
      title={t('marketing.terms.title')}
      lead={t('marketing.terms.lead', { name })}
      updated={t('marketing.legal-updated')}
      toc
      sections={[
        {
          id: 'service',
          title: t('marketing.terms.service-title'),
          body: (
            <>
              <p>{domain ? t('marketing.terms.service-domain', { name, domain, company }) : t('marketing.terms.service', { name, company })}</p>
              <div className="ct-callout">
                <p>
                  <RichText id="marketing.terms.entertainment" values={{ name }} components={{ 0: <strong /> }} />
                </p>
              </div>
            </>
          ),
        },
        {
          id: 'eligibility',
          title: t('marketing.terms.eligibility-title'),
          body: (
            <ul>
              {ELIGIBILITY.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          ),
        },
        {
          id: 'account',
          title: t('marketing.terms.account-title'),
          body: (
            <>
              <p>{t('marketing.terms.account')}</p>
              <p>{t('marketing.terms.account-content')}</p>
            </>
          ),
        },
        {
          id: 'credits',
          title: t('marketing.terms.credits-title'),
          body: (
            <>
              <p>
                <RichText id="marketing.terms.credits" components={{ 0: <Link to="/prices" /> }} />
              </p>
              <p>
                <RichText id="marketing.terms.credits-withdrawal" components={{ 0: contactForm }} />
              </p>
            </>
          ),
        },
        {
          id: 'vip',
          title: t('marketing.terms.vip-title'),
          body: <p>{t('marketing.terms.vip')}</p>,
        },
        {
          id: 'conduct',
          title: t('marketing.terms.conduct-title'),
          body: (
            <>
              <p>{t('marketing.terms.conduct')}</p>
              <ul>
                {NOT_ALLOWED.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
              <p>{t('marketing.terms.conduct-enforcement')}</p>
            </>
          ),
        },
        {
          id: 'liability',
          title: t('marketing.terms.liability-title'),
          body: <p>{t('marketing.terms.liability')}</p>,
        },
        {
          id: 'ending',
          title: t('marketing.terms.ending-title'),
          body: (
            <p>
              <RichText id="marketing.terms.ending" components={{ 0: contactForm }} />
            </p>
          ),
        },
        {
          id: 'changes',
          title: t('marketing.terms.changes-title'),
          body: (
            <p>
              <RichText id="marketing.terms.changes" components={{ 0: <Link to="/contact-us" /> }} />
            </p>
          ),
        },
      ]}
    />
  );
}
