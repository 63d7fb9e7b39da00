import { Link } from '@tanstack/react-router';
import { useBrand } from '@web/lib/brand-context';
import { Accordion, type AccordionItem } from '@web/ui/accordion';
import './marketing.css';
import './content.css';

function faqGroups(name: string): { title: string; items: AccordionItem[] }[] {
  return [
    {
      title: 'Getting started',
      items: [
        {
          id: 'what-is',
          title: `What is ${name}?`,
          body: (
            <p>
              {name} is an online chat and entertainment platform. You can browse profiles, swipe, collect matches, keep favorites and chat. The profiles are
              for entertainment only: no real meetings are possible.
            </p>
          ),
        },
        {
          id: 'free',
          title: 'Is it free to join?',
          body: <p>Yes. Creating an account, completing your profile, browsing, swiping and matching are free. Sending messages uses credits.</p>,
        },
        {
          id: 'age',
          title: 'How old do I have to be?',
          body: <p>You must be at least 18 years old. We ask for your date of birth when you sign up, and in some countries we also ask you to verify your age.</p>,
        },
        {
          id: 'verify-email',
          title: 'Why do I need to confirm my email address?',
          body: (
            <p>
              Confirming your address protects your account and makes sure you receive password resets and notifications. Open the link in the email we send
              after sign-up. If it has not arrived, you can resend it from the confirmation page after a short wait.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Credits and payments',
      items: [
        {
          id: 'credits',
          title: 'How do credits work?',
          body: <p>One credit sends one message. Reading messages, browsing profiles, swiping and matching never cost credits.</p>,
        },
        {
          id: 'payment-methods',
          title: 'How can I pay?',
          body: (
            <p>
              You can pay by credit or debit card, and you can save a card for faster checkout next time. Saved cards can be removed at any time from your
              account settings.
            </p>
          ),
        },
        {
          id: 'statement',
          title: 'What will appear on my bank statement?',
          body: <p>A discreet descriptor that does not reveal the nature of the service. The checkout page shows the exact wording before you pay.</p>,
        },
        {
          id: 'payment-failed',
          title: 'My payment failed. What now?',
          body: (
            <p>
              If your bank declined the payment, try a different card. If the problem is on our side, please <Link to="/contact-us">contact us</Link> with the
              date and amount and we will sort it out.
            </p>
          ),
        },
      ],
    },
    {
      title: 'VIP membership',
      items: [
        {
          id: 'vip',
          title: 'What do I get as a VIP member?',
          body: (
            <p>
              VIP members can see images and albums, get a profile boost, use the inbox filter and add profiles to their favorites. VIP members get 20X more
              responses and receive complimentary credits every month.
            </p>
          ),
        },
        {
          id: 'cancel',
          title: 'Can I cancel my membership?',
          body: <p>Yes, at any time in your account settings. Your VIP benefits stay active until the end of the period you have already paid for.</p>,
        },
      ],
    },
    {
      title: 'Account and privacy',
      items: [
        {
          id: 'birth-date',
          title: 'Can I change my date of birth?',
          body: <p>No. Your date of birth cannot be changed after sign-up, and it is never shown on your profile. Only your age is visible.</p>,
        },
        {
          id: 'forgot',
          title: 'I forgot my password.',
          body: (
            <p>
              Choose “Forgot your password?” on the <Link to="/sign-in">sign-in page</Link>, enter your email address and follow the link we send you.
            </p>
          ),
        },
        {
          id: 'delete',
          title: 'How do I close my account?',
          body: (
            <p>
              Send us a request through the <Link to="/contact-us">contact form</Link> with the subject “Account deactivation”. We confirm by email once it is
              done.
            </p>
          ),
        },
      ],
    },
  ];
}

/** /faq: grouped questions in accessible accordions. */
export function FaqPage() {
  const name = useBrand().brand?.brand ?? 'Amora';
  return (
    <div className="mk-page">
      <header className="mk-page__head">
        <span className="mk-page__eyebrow">Help</span>
        <h1 className="mk-page__title">Frequently asked questions</h1>
        <p className="mk-page__lead">Quick answers about {name}, credits, VIP and your account.</p>
      </header>
      <div className="ct-narrow">
        {faqGroups(name).map((group) => (
          <section key={group.title} className="ct-faq-group" aria-labelledby={`faq-${group.title.replace(/\W+/g, '-')}`}>
            <h2 id={`faq-${group.title.replace(/\W+/g, '-')}`} className="ct-faq-group__title">
              {group.title}
            </h2>
            <Accordion items={group.items} />
          </section>
        ))}
        <div className="ct-help">
          <h2>Still have a question?</h2>
          <p>Our support team answers every message within 24 hours.</p>
          <Link to="/contact-us" className="mk-button mk-button--primary">
            Contact us
          </Link>
        </div>
      </div>
    </div>
  );
}
