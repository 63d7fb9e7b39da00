import { Link } from '@tanstack/react-router';
import { ContentPage } from './content-page';
import { Icon } from '@web/ui/icons';
import { useBrandFacts } from './use-brand-facts';

/** /about-us: the company and what it stands for. */
export function AboutUsPage() {
  const { name, company } = useBrandFacts();
  return (
    <ContentPage
      eyebrow="About us"
      title={`The people behind ${name}`}
      lead="We build a playful, safe place to chat and flirt, with no pressure and no surprises."
      sections={[
        {
          id: 'story',
          title: 'Our story',
          body: (
            <p>
              {name} is made by {company}, a small team of designers, engineers and support specialists who love good conversation. We started {name} because we
              wanted an entertainment chat that feels as polished as the apps people use every day, that is honest about what it is, and that treats members
              with respect.
            </p>
          ),
        },
        {
          id: 'values',
          title: 'What we stand for',
          body: (
            <ul className="ct-cards">
              <li className="ct-card">
                <Icon name="shield" />
                <h3>Honesty</h3>
                <p>We say clearly that profiles are for entertainment only and that no real meetings are possible.</p>
              </li>
              <li className="ct-card">
                <Icon name="coin" />
                <h3>Fair prices</h3>
                <p>One credit sends one message. Prices are shown up front, with no hidden fees.</p>
              </li>
              <li className="ct-card">
                <Icon name="heart" />
                <h3>Respect</h3>
                <p>Adults only, clear rules and a support team that answers every message within 24 hours.</p>
              </li>
            </ul>
          ),
        },
        {
          id: 'contact',
          title: 'Get in touch',
          body: (
            <p>
              Questions, feedback or a partnership idea? Use our <Link to="/contact-us">contact form</Link>, or read about our{' '}
              <Link to="/affiliates">affiliate programme</Link>.
            </p>
          ),
        },
        {
          id: 'credits',
          title: 'Credits',
          body: (
            // Twemoji's graphics licence (CC-BY 4.0) asks for this attribution wherever the images are used.
            <p>
              Emoji graphics: Twemoji, © Twitter, Inc. and other contributors, licensed under{' '}
              <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noopener noreferrer" target="_blank">
                CC-BY 4.0
              </a>
              .
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
      eyebrow={`About ${name}`}
      title={`What is ${name}?`}
      lead="An online chat and entertainment platform for adults."
      sections={[
        {
          id: 'how',
          title: 'How it works',
          body: (
            <p>
              Create a free profile, browse and filter profiles, swipe to like or pass, and start chatting with the ones you like. Messages cost one credit each;
              VIP members unlock albums, a profile boost, the inbox filter and favorites. See our <Link to="/prices">prices</Link>.
            </p>
          ),
        },
        {
          id: 'entertainment',
          title: 'Entertainment only',
          body: (
            <div className="ct-callout">
              <p>
                Profiles on {name} are for entertainment purposes only and some are fictional. No real-life meetings are possible. You must be 18 or older to use
                the service.
              </p>
            </div>
          ),
        },
        {
          id: 'anywhere',
          title: 'On any device',
          body: <p>{name} runs in your browser and can be installed on your phone’s home screen. Conversations and drafts stay available when your connection is weak.</p>,
        },
      ]}
    />
  );
}
