import type { ReactNode } from 'react';
import { addTexts, t } from '@sync/texts';
import { enSupport } from '@sync/locales/en-support';
import { useBrand } from '@web/lib/brand-context';
import { useUser } from '@web/lib/user-store';
import { RichText } from '@web/ui/rich-text';
import { ContactForm } from './contact-form';
import './support.css';

addTexts(enSupport);

function Fact({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="support-page__fact">
      <span className="support-page__fact-icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h2>{title}</h2>
        <p>{children}</p>
      </div>
    </li>
  );
}

const Icon = ({ d }: { d: string }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

/** /contact-us: the contact form with what to expect beside it. */
export function ContactPage() {
  const { brand } = useBrand();
  const { user } = useUser();
  const support = brand?.customerSupport as { email?: string; phone?: string; hours?: string } | undefined;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || '';
  return (
    <div className="support-page">
      <div>
        <span className="support-page__eyebrow">{t('support.contact-eyebrow')}</span>
        <h1 className="support-page__title">{t('support.contact-title')}</h1>
        <p className="support-page__lead">{t('support.contact-lead', { brand: brand?.brand ?? 'Amora' })}</p>
        <ul className="support-page__facts">
          <Fact icon={<Icon d="M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z" />} title={t('support.fact-reply-title')}>
            {t('support.fact-reply')}
          </Fact>
          <Fact icon={<Icon d="M2 8h20M2 8v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8M2 8l2-4h16l2 4M7 15h4" />} title={t('support.fact-payment-title')}>
            {t('support.fact-payment')}
          </Fact>
          <Fact icon={<Icon d="M4 4h16v16H4zM4 9h16M9 20V9" />} title={support?.email ? t('support.fact-email-title') : t('support.fact-faq-title')}>
            {support?.email ? (
              <RichText
                id={support.phone ? 'support.write-or-call' : 'support.write-to'}
                values={{ email: support.email, phone: support.phone ?? '' }}
                components={{ 0: <a href={`mailto:${support.email}`} /> }}
              />
            ) : (
              <RichText id="support.faq-first" components={{ 0: <a href="/faq" /> }} />
            )}
          </Fact>
        </ul>
      </div>
      <section className="support-card" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="support-card__title">
          {t('support.contact-form-title')}
        </h2>
        <p className="support-card__sub">{t('support.all-required')}</p>
        <ContactForm defaults={{ name, email: user?.email ?? '' }} />
      </section>
    </div>
  );
}
