import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { RichText } from '@web/ui/rich-text';
import { ContentPage } from './content-page';
import { useBrandFacts } from './use-brand-facts';

addTexts(enMarketing);

/** /content-removal: how to ask for content to be taken down. */
export function ContentRemovalPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow={t('marketing.removal.eyebrow')}
      title={t('marketing.removal.title')}
      lead={t('marketing.removal.lead', { name })}
      sections={[
        {
          id: 'how',
          title: t('marketing.removal.how-title'),
          body: (
            <ol>
              <li>
                <RichText id="marketing.removal.step-form" components={{ 0: <Link to="/contact-us" /> }} />
              </li>
              <li>{t('marketing.removal.step-where')}</li>
              <li>{t('marketing.removal.step-email')}</li>
            </ol>
          ),
        },
        {
          id: 'what-next',
          title: t('marketing.removal.next-title'),
          body: <p>{t('marketing.removal.next')}</p>,
        },
        {
          id: 'urgent',
          title: t('marketing.removal.urgent-title'),
          body: <p>{t('marketing.removal.urgent')}</p>,
        },
      ]}
    />
  );
}

/** /block: shown when access to the service is blocked for an account or a region. */
export function BlockPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow={t('marketing.block.eyebrow')}
      title={t('marketing.block.title', { name })}
      lead={t('marketing.block.lead')}
      sections={[
        {
          id: 'why',
          title: t('marketing.block.why-title'),
          body: (
            <ul>
              <li>
                <RichText id="marketing.block.why-suspended" components={{ 0: <Link to="/terms" /> }} />
              </li>
              <li>{t('marketing.block.why-region')}</li>
              <li>{t('marketing.block.why-activity')}</li>
            </ul>
          ),
        },
        {
          id: 'help',
          title: t('marketing.block.help-title'),
          body: (
            <p>
              <RichText id="marketing.block.help" components={{ 0: <Link to="/contact-us" /> }} />
            </p>
          ),
        },
      ]}
    />
  );
}
