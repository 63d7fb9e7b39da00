import type { ReactNode } from 'react';
import { addTexts, t } from '@sync/texts';
import { enSupport } from '@sync/locales/en-support';
import { useBrand } from '@web/lib/brand-context';
import { AffiliateForm } from './affiliate-form';
import './support.css';

addTexts(enSupport);

function Benefit({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="support-page__fact">
      <span className="support-page__fact-icon" aria-hidden="true">
        {'★'}
      </span>
      <div>
        <h3>{title}</h3>
        <p>{children}</p>
      </div>
    </li>
  );
}

/** /affiliates: the partner programme and its application form (docs/product.md#data). */
export function AffiliatesPage() {
  const name = useBrand().brand?.brand ?? 'Amora';
  return (
    <div className="support-page">
      <div>
        <span className="support-page__eyebrow">{t('support.affiliate-eyebrow')}</span>
        <h1 className="support-page__title">{t('support.affiliate-title', { brand: name })}</h1>
        <p className="support-page__lead">{t('support.affiliate-lead')}</p>
        <ul className="support-benefits">
          <Benefit title={t('support.benefit-model-title')}>{t('support.benefit-model')}</Benefit>
          <Benefit title={t('support.benefit-payouts-title')}>{t('support.benefit-payouts')}</Benefit>
          <Benefit title={t('support.benefit-manager-title')}>{t('support.benefit-manager')}</Benefit>
          <Benefit title={t('support.benefit-creatives-title')}>{t('support.benefit-creatives')}</Benefit>
        </ul>
      </div>
      <section className="support-card" aria-labelledby="affiliate-form-title">
        <h2 id="affiliate-form-title" className="support-card__title">
          {t('support.affiliate-form-title')}
        </h2>
        <p className="support-card__sub">{t('support.affiliate-form-sub')}</p>
        <AffiliateForm />
      </section>
    </div>
  );
}
