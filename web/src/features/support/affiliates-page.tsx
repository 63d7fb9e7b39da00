import type { ReactNode } from 'react';
import { useBrand } from '@web/lib/brand-context';
import { AffiliateForm } from './affiliate-form';
import './support.css';

function Benefit({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="support-page__fact">
      <span className="support-page__fact-icon" aria-hidden="true">
        ★
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
        <span className="support-page__eyebrow">Affiliate programme</span>
        <h1 className="support-page__title">Grow with {name}</h1>
        <p className="support-page__lead">
          Promote a polished chat and entertainment brand that converts on mobile, and get paid for every paying member you bring.
        </p>
        <ul className="support-benefits">
          <Benefit title="Revenue share or CPA">Choose the model that suits your traffic, with tiers that grow with your volume.</Benefit>
          <Benefit title="Weekly payouts">Reliable payments every week once you reach the minimum, by wire or e-wallet.</Benefit>
          <Benefit title="Dedicated manager">A real person who knows your GEOs and helps you optimise landers and creatives.</Benefit>
          <Benefit title="Compliant creatives">Ready-made banners and pre-landers that state clearly that profiles are for entertainment only and users must be 18+.</Benefit>
        </ul>
      </div>
      <section className="support-card" aria-labelledby="affiliate-form-title">
        <h2 id="affiliate-form-title" className="support-card__title">
          Apply to become a partner
        </h2>
        <p className="support-card__sub">Fields marked * are required. We answer every application within 48 hours.</p>
        <AffiliateForm />
      </section>
    </div>
  );
}
