import { Link } from '@tanstack/react-router';
import { ContentPage } from './content-page';
import { LEGAL_UPDATED, useBrandFacts } from './use-brand-facts';

/** /privacy-policy */
export function PrivacyPolicyPage() {
  const { name, company, supportEmail } = useBrandFacts();
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead={`What ${name} collects about you, why, and the choices you have.`}
      updated={LEGAL_UPDATED}
      toc
      sections={[
        {
          id: 'controller',
          title: 'Who we are',
          body: (
            <p>
              {company} operates {name} and is responsible for your personal data. You can reach us through the <Link to="/contact-us">contact form</Link>
              {supportEmail ? (
                <>
                  {' '}
                  or at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </>
              ) : null}
              .
            </p>
          ),
        },
        {
          id: 'data',
          title: 'What we collect',
          body: (
            <ul>
              <li>
                <strong>Account details:</strong> username, email address, password (stored only as a secure hash), gender, who you are looking for and your date
                of birth.
              </li>
              <li>
                <strong>Profile content:</strong> the photos, interests and texts you choose to add, and your approximate location if you share it.
              </li>
              <li>
                <strong>Activity:</strong> likes, matches, favorites, profile views and the messages you send and receive.
              </li>
              <li>
                <strong>Payments:</strong> the packages you buy and the last four digits of saved cards. Full card numbers are handled by our payment provider,
                never stored by us.
              </li>
              <li>
                <strong>Technical data:</strong> device and browser type, IP address and log data used for security and fraud prevention.
              </li>
            </ul>
          ),
        },
        {
          id: 'use',
          title: 'Why we use it',
          body: (
            <ul>
              <li>to run your account and deliver the chat service you asked for (contract);</li>
              <li>to take payments and keep legally required records (legal obligation);</li>
              <li>to keep the platform safe, prevent fraud and enforce our terms (legitimate interest);</li>
              <li>to send you emails about your account and, if you agree, about new messages (consent, which you can withdraw at any time).</li>
            </ul>
          ),
        },
        {
          id: 'visibility',
          title: 'What others can see',
          body: (
            <p>
              Other members see your username, age, profile photos and profile details. Your email address, date of birth and payment details are never public.
              You can keep your location private and hide when you are online in your settings.
            </p>
          ),
        },
        {
          id: 'sharing',
          title: 'Who we share it with',
          body: (
            <p>
              We share data only with providers that help us run the service (hosting, email delivery, payment processing, age verification and customer
              support), under contracts that protect it, and with authorities where the law requires. We do not sell your personal data.
            </p>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep it',
          body: (
            <p>
              We keep your data while your account is open. When you close it we delete or anonymise your profile and messages within 30 days, except records we
              must keep by law, such as invoices.
            </p>
          ),
        },
        {
          id: 'rights',
          title: 'Your rights',
          body: (
            <p>
              You can ask to access, correct, delete or export your data, object to or restrict its use, and withdraw consent. Send your request through the{' '}
              <Link to="/contact-us">contact form</Link>. You can also complain to your local data protection authority.
            </p>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies',
          body: (
            <p>
              We use cookies and similar storage to keep you signed in and to make the app work offline. Read the <Link to="/cookie-policy">Cookie Policy</Link>{' '}
              for details.
            </p>
          ),
        },
      ]}
    />
  );
}
