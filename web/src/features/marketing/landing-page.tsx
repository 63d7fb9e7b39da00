import { Link } from '@tanstack/react-router';
import { useBrand } from '@web/lib/brand-context';
import { HeroVisual } from './hero-visual';
import { Icon, type IconName } from '@web/ui/icons';
import { ProfileStrip } from './profile-strip';
import './marketing.css';

const features: { icon: IconName; title: string; text: string }[] = [
  { icon: 'search', title: 'Browse and filter', text: 'Find your type by age, body type, hair and eye colour, relationship status and more.' },
  { icon: 'heart', title: 'Swipe and match', text: 'Like or pass in a tap. When the feeling is mutual, you have a match waiting in your inbox.' },
  { icon: 'chat', title: 'Chat that flows', text: 'Real-time messages, photos and emoji. Drafts are kept, even when your signal drops.' },
  { icon: 'eye', title: 'See who is curious', text: 'Find out who viewed your profile and who added you to their favorites.' },
  { icon: 'image', title: 'Photos and albums', text: 'Show yourself off with a profile photo and albums, and unlock the albums of others as a VIP.' },
  { icon: 'shield', title: 'Private and secure', text: 'Your birth date and email are never public. Payments are encrypted and discreet.' },
];

const steps = [
  { title: 'Create your free profile', text: 'Tell us who you are and who you would like to meet. It takes less than a minute.' },
  { title: 'Browse and swipe', text: 'Explore profiles, like the ones that catch your eye and collect your matches.' },
  { title: 'Start chatting', text: 'Use credits to send messages: one credit sends one message, with no hidden costs.' },
  { title: 'Go VIP for more', text: 'Unlock albums, a profile boost, the inbox filter and favorites, plus monthly free credits.' },
];

/** `/`: the landing of the home layout. */
export function LandingPage() {
  const name = useBrand().brand?.brand ?? 'Amora';
  return (
    <div className="mk-landing">
      <section className="mk-hero" aria-labelledby="mk-hero-title">
        <div className="mk-container mk-hero__inner">
          <div className="mk-hero__copy">
            <p className="mk-hero__eyebrow">Chat · Flirt · Have fun</p>
            <h1 id="mk-hero-title" className="mk-hero__title">
              Your next great conversation starts here
            </h1>
            <p className="mk-hero__lead">
              {name} is the playful place to browse profiles, swipe, match and chat whenever you feel like it, from your phone or your desk.
            </p>
            <div className="mk-hero__ctas">
              <Link to="/sign-up" className="mk-button mk-button--light">
                Join free
              </Link>
              <Link to="/sign-in" className="mk-button mk-button--outline-light">
                I already have an account
              </Link>
            </div>
            <ul className="mk-hero__trust" aria-label="Good to know">
              <li>
                <Icon name="check" size={18} /> Free to join
              </li>
              <li>
                <Icon name="check" size={18} /> 18+ only
              </li>
              <li>
                <Icon name="check" size={18} /> Discreet billing
              </li>
            </ul>
          </div>
          <HeroVisual />
        </div>
      </section>

      <ProfileStrip />

      <section className="mk-section" aria-labelledby="mk-features-title">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="mk-features-title" className="mk-section__title">
              Everything you need to break the ice
            </h2>
            <p className="mk-section__lead">Made for quick flirts on the go and long conversations on the sofa.</p>
          </div>
          <ul className="mk-features">
            {features.map((f) => (
              <li key={f.title} className="mk-feature">
                <span className="mk-feature__icon">
                  <Icon name={f.icon} />
                </span>
                <h3 className="mk-feature__title">{f.title}</h3>
                <p className="mk-feature__text">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section mk-section--tight" aria-labelledby="mk-vip-title">
        <div className="mk-container">
          <div className="mk-vip">
            <span className="mk-vip__icon">
              <Icon name="crown" size={32} />
            </span>
            <div className="mk-vip__copy">
              <h2 id="mk-vip-title" className="mk-vip__title">
                VIP members get <span className="mk-vip__big">20X</span> more responses
              </h2>
              <p>Stand out with a profile boost, see every album, filter your inbox and receive complimentary credits every month.</p>
            </div>
            <Link to="/prices" className="mk-button mk-button--light">
              See VIP plans
            </Link>
          </div>
        </div>
      </section>

      <section className="mk-section mk-section--alt" aria-labelledby="mk-how-title" id="how-it-works">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="mk-how-title" className="mk-section__title">
              How it works
            </h2>
            <p className="mk-section__lead">Four steps from hello to your favourite chat of the day.</p>
          </div>
          <ol className="mk-steps">
            {steps.map((s, i) => (
              <li key={s.title} className="mk-step">
                <span className="mk-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="mk-step__title">{s.title}</h3>
                <p className="mk-step__text">{s.text}</p>
              </li>
            ))}
          </ol>
          <p className="mk-center">
            <Link to="/faq">Questions? Read the FAQ</Link> · <Link to="/prices">See prices</Link>
          </p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="mk-cta-title">
        <div className="mk-container">
          <div className="mk-cta">
            <h2 id="mk-cta-title" className="mk-cta__title">
              Ready to say hello?
            </h2>
            <p className="mk-cta__text">Create your free account now, or sign in to pick up where you left off.</p>
            <div className="mk-cta__buttons">
              <Link to="/sign-up" className="mk-button mk-button--primary">
                Create free account
              </Link>
              <Link to="/sign-in" className="mk-button mk-button--ghost">
                Sign in
              </Link>
            </div>
          </div>
        </div>
      </section>

      <aside className="mk-notice" aria-label="Important information">
        <div className="mk-container mk-notice__inner">
          <Icon name="info" />
          <p>
            <strong>Please note:</strong> {name} is an online chat and entertainment service. The profiles you meet here are for entertainment
            purposes only, so no real-life meetings are possible. You must be at least 18 years old to use {name}.
          </p>
        </div>
      </aside>
    </div>
  );
}
