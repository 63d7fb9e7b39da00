import { Link } from '@tanstack/react-router';
import { ContentPage } from './content-page';
import { LEGAL_UPDATED, useBrandFacts } from './use-brand-facts';

/** /terms */
export function TermsPage() {
  const { name, company, domain } = useBrandFacts();
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms & Conditions"
      lead={`The rules for using ${name}. Please read them carefully: by creating an account you agree to them.`}
      updated={LEGAL_UPDATED}
      toc
      sections={[
        {
          id: 'service',
          title: '1. The service',
          body: (
            <>
              <p>
                {name}
                {domain ? ` (${domain})` : ''} is operated by {company} (“we”, “us”). It is an online chat and entertainment service where members browse profiles, swipe,
                match, keep favorites and exchange messages.
              </p>
              <div className="ct-callout">
                <p>
                  <strong>Entertainment only.</strong> The profiles on {name} are for entertainment purposes. Some profiles are fictional and are operated by
                  our staff. No real-life meetings are possible, and nothing in a conversation is an offer or promise to meet.
                </p>
              </div>
            </>
          ),
        },
        {
          id: 'eligibility',
          title: '2. Who can use it',
          body: (
            <ul>
              <li>You must be at least 18 years old, and of legal age in the country where you live.</li>
              <li>You may hold one account, for yourself only. Accounts cannot be shared, sold or transferred.</li>
              <li>In some countries we must verify your age before you can use certain features.</li>
            </ul>
          ),
        },
        {
          id: 'account',
          title: '3. Your account',
          body: (
            <>
              <p>
                Keep your password secret and tell us straight away if you think someone else has used your account. The date of birth you give at sign-up cannot
                be changed later, so please make sure it is correct. You must confirm your email address before you can use the service.
              </p>
              <p>You are responsible for the content you post, including your profile text and photos, which must be your own and must not show anyone else.</p>
            </>
          ),
        },
        {
          id: 'credits',
          title: '4. Credits and payments',
          body: (
            <>
              <p>
                Sending a message costs one credit. Credits are bought in packages shown on our <Link to="/prices">prices page</Link>, including VAT where
                applicable. Reading messages, browsing and swiping are free.
              </p>
              <p>
                Because credits are a digital service delivered immediately, you agree that your right of withdrawal ends once you start using them. If a
                payment fails or a charge looks wrong, <Link to="/contact-us">contact us</Link> and we will investigate.
              </p>
            </>
          ),
        },
        {
          id: 'vip',
          title: '5. VIP memberships',
          body: (
            <p>
              A VIP membership unlocks images and albums, a profile boost, the inbox filter and favorites, and includes complimentary credits each period. It
              renews automatically for the same period and price until you cancel. You can cancel at any time in your account settings; the membership then
              stays active until the end of the period you have paid for.
            </p>
          ),
        },
        {
          id: 'conduct',
          title: '6. Acceptable behaviour',
          body: (
            <>
              <p>You agree not to:</p>
              <ul>
                <li>harass, threaten or insult anyone, or post hateful, violent or illegal content;</li>
                <li>share contact details, ask for money or advertise other services;</li>
                <li>upload content that shows minors, or that you have no right to share;</li>
                <li>use bots, scrapers or any automated means to access the service.</li>
              </ul>
              <p>We may remove content and suspend or close accounts that break these rules, without refund of used credits.</p>
            </>
          ),
        },
        {
          id: 'liability',
          title: '7. Liability',
          body: (
            <p>
              We provide the service as it is and work hard to keep it available and secure, but we cannot promise it will always be uninterrupted. Nothing in
              these terms limits liability that cannot be limited by law. Otherwise, our liability is limited to the amount you paid us in the twelve months
              before the claim.
            </p>
          ),
        },
        {
          id: 'ending',
          title: '8. Closing your account',
          body: (
            <p>
              You can ask us to close your account at any time through the <Link to="/contact-us">contact form</Link>. Unused credits are not refundable unless
              the law requires it. We may close an account that has broken these terms, and we will tell you why.
            </p>
          ),
        },
        {
          id: 'changes',
          title: '9. Changes and contact',
          body: (
            <p>
              We may update these terms; if a change matters to you we will tell you before it takes effect. Questions? Write to us through the{' '}
              <Link to="/contact-us">contact page</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
