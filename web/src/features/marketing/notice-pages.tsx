import { Link } from '@tanstack/react-router';
import { ContentPage } from './content-page';
import { useBrandFacts } from './use-brand-facts';

/** /content-removal: how to ask for content to be taken down. */
export function ContentRemovalPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow="Safety"
      title="Content removal requests"
      lead={`If you find a photo or text on ${name} that shows you, or that you own, without your permission, we will remove it.`}
      sections={[
        {
          id: 'how',
          title: 'How to send a request',
          body: (
            <ol>
              <li>
                Open our <Link to="/contact-us">contact form</Link> and choose the subject “General inquiries”.
              </li>
              <li>Tell us the username of the profile or describe where the content appears, and why it should be removed.</li>
              <li>Leave an email address where we can reach you. We may ask you to confirm your identity or ownership.</li>
            </ol>
          ),
        },
        {
          id: 'what-next',
          title: 'What happens next',
          body: (
            <p>
              You receive a ticket number straight away. We review every request within 24 hours and hide reported content while we check it. We will tell you
              by email what we decided.
            </p>
          ),
        },
        {
          id: 'urgent',
          title: 'Urgent or illegal content',
          body: (
            <p>
              Content that involves minors or that is clearly illegal is removed immediately and reported to the relevant authorities. Please include as much
              detail as you can.
            </p>
          ),
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
      eyebrow="Access unavailable"
      title={`${name} is not available right now`}
      lead="Access has been blocked for this account or from your location."
      sections={[
        {
          id: 'why',
          title: 'Why am I seeing this?',
          body: (
            <ul>
              <li>Your account may have been suspended for breaking our <Link to="/terms">Terms &amp; Conditions</Link>.</li>
              <li>The service may not be available in your country or region.</li>
              <li>We may have detected unusual activity and paused access to protect your account.</li>
            </ul>
          ),
        },
        {
          id: 'help',
          title: 'What can I do?',
          body: (
            <p>
              If you think this is a mistake, <Link to="/contact-us">contact our support team</Link> with your username and email address. We reply within 24
              hours.
            </p>
          ),
        },
      ]}
    />
  );
}
