import { Link } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { RichText } from '@web/ui/rich-text';
import { ContentPage } from './content-page';
import { useBrandFacts } from './use-brand-facts';

addTexts(enMarketing);

const COLLECTED: readonly TextKey[] = [
  'marketing.privacy.data-account',
  'marketing.privacy.data-profile',
  'marketing.privacy.data-activity',
  'marketing.privacy.data-payments',
  'marketing.privacy.data-technical',
];

const PURPOSES: readonly TextKey[] = ['marketing.privacy.use-contract', 'marketing.privacy.use-legal', 'marketing.privacy.use-safety', 'marketing.privacy.use-emails'];

/** /privacy-policy */
export function PrivacyPolicyPage() {
  const { name, company, supportEmail } = useBrandFacts();
  const contactForm = <Link to="/contact-us" />;
  return (
    <ContentPage
      eyebrow={t('marketing.legal')}
      title={t('marketing.privacy.title')}
      lead={t('marketing.privacy.lead', { name })}
      updated={t('marketing.legal-updated')}
      toc
      sections={[
        {
          id: 'controller',
          title: t('marketing.privacy.controller-title'),
          body: (
            <p>
              {supportEmail ? (
                <RichText
                  id="marketing.privacy.controller-email"
                  values={{ company, name, email: supportEmail }}
                  components={{ 0: contactForm, 1: <a href={`mailto:${supportEmail}`} /> }}
                />
              ) : (
                <RichText id="marketing.privacy.controller" values={{ company, name }} components={{ 0: contactForm }} />
              )}
            </p>
          ),
        },
        {
          id: 'data',
          title: t('marketing.privacy.data-title'),
          body: (
            <ul>
              {COLLECTED.map((key) => (
                <li key={key}>
                  <RichText id={key} components={{ 0: <strong /> }} />
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: 'use',
          title: t('marketing.privacy.use-title'),
          body: (
            <ul>
              {PURPOSES.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          ),
        },
        {
          id: 'visibility',
          title: t('marketing.privacy.visibility-title'),
          body: <p>{t('marketing.privacy.visibility')}</p>,
        },
        {
          id: 'sharing',
          title: t('marketing.privacy.sharing-title'),
          body: <p>{t('marketing.privacy.sharing')}</p>,
        },
        {
          id: 'retention',
          title: t('marketing.privacy.retention-title'),
          body: <p>{t('marketing.privacy.retention')}</p>,
        },
        {
          id: 'rights',
          title: t('marketing.privacy.rights-title'),
          body: (
            <p>
              <RichText id="marketing.privacy.rights" components={{ 0: contactForm }} />
            </p>
          ),
        },
        {
          id: 'cookies',
          title: t('marketing.privacy.cookies-title'),
          body: (
            <p>
              <RichText id="marketing.privacy.cookies" components={{ 0: <Link to="/cookie-policy" /> }} />
            </p>
          ),
        },
      ]}
    />
  );
}
