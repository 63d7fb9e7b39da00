import type { ReactNode } from 'react';
import { useBrand } from '@web/lib/brand-context';
import { useUser } from '@web/lib/user-store';
import { ContactForm } from './contact-form';
import './support.css';

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
        <span className="support-page__eyebrow">Customer care</span>
        <h1 className="support-page__title">How can we help?</h1>
        <p className="support-page__lead">
          Questions about a payment, your account or how {brand?.brand ?? 'Amora'} works? Our support team reads every message and answers personally.
        </p>
        <ul className="support-page__facts">
          <Fact icon={<Icon d="M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z" />} title="Reply within 24 hours">
            Every message gets a ticket number and a reply by email within 24 hours, usually much sooner.
          </Fact>
          <Fact icon={<Icon d="M2 8h20M2 8v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8M2 8l2-4h16l2 4M7 15h4" />} title="Payment questions">
            Include the date, amount and the last four digits of the card so we can find the charge quickly.
          </Fact>
          <Fact icon={<Icon d="M4 4h16v16H4zM4 9h16M9 20V9" />} title={support?.email ? 'Prefer email?' : 'Read the FAQ first'}>
            {support?.email ? (
              <>
                Write to <a href={`mailto:${support.email}`}>{support.email}</a>
                {support.phone ? <> or call {support.phone}</> : null}.
              </>
            ) : (
              <>
                Many answers are already in our <a href="/faq">FAQ</a>.
              </>
            )}
          </Fact>
        </ul>
      </div>
      <section className="support-card" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="support-card__title">
          Send us a message
        </h2>
        <p className="support-card__sub">All fields are required.</p>
        <ContactForm defaults={{ name, email: user?.email ?? '' }} />
      </section>
    </div>
  );
}
