import { Link } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { RichText } from '@web/ui/rich-text';
import { ContentPage } from './content-page';
import { useBrandFacts } from './use-brand-facts';

addTexts(enMarketing);

/** The storage the app uses, a row each: its type, why, and how long it stays. */
const STORAGE: readonly { type: TextKey; why: TextKey; howLong: TextKey }[] = [
  { type: 'marketing.cookies.necessary', why: 'marketing.cookies.necessary-why', howLong: 'marketing.cookies.necessary-how-long' },
  { type: 'marketing.cookies.offline', why: 'marketing.cookies.offline-why', howLong: 'marketing.cookies.offline-how-long' },
  { type: 'marketing.cookies.preferences', why: 'marketing.cookies.preferences-why', howLong: 'marketing.cookies.preferences-how-long' },
  { type: 'marketing.cookies.performance', why: 'marketing.cookies.performance-why', howLong: 'marketing.cookies.performance-how-long' },
  { type: 'marketing.cookies.security', why: 'marketing.cookies.security-why', howLong: 'marketing.cookies.security-how-long' },
];

/** /cookie-policy */
export function CookiePolicyPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow={t('marketing.legal')}
      title={t('marketing.cookies.title')}
      lead={t('marketing.cookies.lead', { name })}
      updated={t('marketing.legal-updated')}
      sections={[
        {
          id: 'what',
          title: t('marketing.cookies.what-title'),
          body: <p>{t('marketing.cookies.what', { name })}</p>,
        },
        {
          id: 'which',
          title: t('marketing.cookies.which-title'),
          body: (
            <div className="ct-table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('marketing.cookies.type')}</th>
                    <th scope="col">{t('marketing.cookies.why')}</th>
                    <th scope="col">{t('marketing.cookies.how-long')}</th>
                  </tr>
                </thead>
                <tbody>
                  {STORAGE.map((row) => (
                    <tr key={row.type}>
                      <td>{t(row.type)}</td>
                      <td>{t(row.why)}</td>
                      <td>{t(row.howLong)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          id: 'control',
          title: t('marketing.cookies.control-title'),
          body: <p>{t('marketing.cookies.control', { name })}</p>,
        },
        {
          id: 'more',
          title: t('marketing.cookies.more-title'),
          body: (
            <p>
              <RichText id="marketing.cookies.more" components={{ 0: <Link to="/privacy-policy" />, 1: <Link to="/contact-us" /> }} />
            </p>
          ),
        },
      ]}
    />
  );
}
