import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { RichText } from '@web/ui/rich-text';
import { ContentPage } from './content-page';
import { Icon } from '@web/ui/icons';
import { useBrandFacts } from './use-brand-facts';

addTexts(enMarketing);

/** /about-us: the company and what it stands for. */
export function AboutUsPage() {
  const { name, company } = useBrandFacts();
  return (
    <ContentPage
      eyebrow={t('marketing.about-us.eyebrow')}
      title={t('marketing.about-us.title', { name })}
      lead={t('marketing.about-us.lead')}
      sections={[
        {
          id: 'story',
          title: t('marketing.about-us.story-title'),
          body: <p>{t('marketing.about-us.story', { name, company })}</p>,
        },
        {
          id: 'values',
          title: t('marketing.about-us.values-title'),
          body: (
            <ul className="ct-cards">
              <li className="ct-card">
                <Icon name="shield" />
                <h3>{t('marketing.about-us.honesty')}</h3>
                <p>{t('marketing.about-us.honesty-text')}</p>
              </li>
              <li className="ct-card">
                <Icon name="coin" />
                <h3>{t('marketing.about-us.fair-prices')}</h3>
                <p>{t('marketing.about-us.fair-prices-text')}</p>
              </li>
              <li className="ct-card">
                <Icon name="heart" />
                <h3>{t('marketing.about-us.respect')}</h3>
                <p>{t('marketing.about-us.respect-text')}</p>
              </li>
            </ul>
          ),
        },
        {
          id: 'contact',
          title: t('marketing.about-us.contact-title'),
          body: (
            <p>
              <RichText id="marketing.about-us.contact" components={{ 0: <Link to="/contact-us" />, 1: <Link to="/affiliates" /> }} />
            </p>
          ),
        },
        {
          id: 'credits',
          title: t('marketing.about-us.credits-title'),
          body: (
            // Twemoji's graphics licence (CC-BY 4.0) asks for this attribution wherever the images are used.
            <p>
              <RichText
                id="marketing.about-us.credits"
                components={{ 0: <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noopener noreferrer" target="_blank" /> }}
              />
            </p>
          ),
        },
      ]}
    />
  );
}

/** /about: the service in a few words. */
export function AboutPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow={t('marketing.about.eyebrow', { name })}
      title={t('marketing.about.title', { name })}
      lead={t('marketing.about.lead')}
      sections={[
        {
          id: 'how',
          title: t('marketing.about.how-title'),
          body: (
            <p>
              <RichText id="marketing.about.how" components={{ 0: <Link to="/prices" /> }} />
            </p>
          ),
        },
        {
          id: 'entertainment',
          title: t('marketing.about.entertainment-title'),
          body: (
            <div className="ct-callout">
              <p>{t('marketing.about.entertainment', { name })}</p>
            </div>
          ),
        },
        {
          id: 'anywhere',
          title: t('marketing.about.anywhere-title'),
          body: <p>{t('marketing.about.anywhere', { name })}</p>,
        },
      ]}
    />
  );
}
