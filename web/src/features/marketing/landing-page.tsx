import { Link } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enLanding } from '@sync/locales/en-landing';
import { useBrand } from '@web/lib/brand-context';
import { RichText } from '@web/ui/rich-text';
import { HeroVisual } from './hero-visual';
import { Icon, type IconName } from '@web/ui/icons';
import { ProfileStrip } from './profile-strip';
import './marketing.css';

addTexts(enLanding);

const features: { icon: IconName; title: TextKey; text: TextKey }[] = [
  { icon: 'search', title: 'landing.feature-browse', text: 'landing.feature-browse-text' },
  { icon: 'heart', title: 'landing.feature-swipe', text: 'landing.feature-swipe-text' },
  { icon: 'chat', title: 'landing.feature-chat', text: 'landing.feature-chat-text' },
  { icon: 'eye', title: 'landing.feature-curious', text: 'landing.feature-curious-text' },
  { icon: 'image', title: 'landing.feature-photos', text: 'landing.feature-photos-text' },
  { icon: 'shield', title: 'landing.feature-private', text: 'landing.feature-private-text' },
];

const steps: { title: TextKey; text: TextKey }[] = [
  { title: 'landing.step-profile', text: 'landing.step-profile-text' },
  { title: 'landing.step-swipe', text: 'landing.step-swipe-text' },
  { title: 'landing.step-chat', text: 'landing.step-chat-text' },
  { title: 'landing.step-vip', text: 'landing.step-vip-text' },
];

/** `/`: the landing of the home layout. */
export function LandingPage() {
  const name = useBrand().brand?.brand ?? 'Amora';
  return (
    <div className="mk-landing">
      <section className="mk-hero" aria-labelledby="mk-hero-title">
        <div className="mk-container mk-hero__inner">
          <div className="mk-hero__copy">
            <p className="mk-hero__eyebrow">{t('landing.eyebrow')}</p>
            <h1 id="mk-hero-title" className="mk-hero__title">
              {t('landing.title')}
            </h1>
            <p className="mk-hero__lead">
              {t('landing.lead', { brand: name })}
            </p>
            <div className="mk-hero__ctas">
              <Link to="/sign-up" className="mk-button mk-button--light">
                {t('landing.join-free')}
              </Link>
              <Link to="/sign-in" className="mk-button mk-button--outline-light">
                {t('landing.have-account')}
              </Link>
            </div>
            <ul className="mk-hero__trust" aria-label={t('landing.good-to-know')}>
              <li>
                <Icon name="check" size={18} /> {t('landing.trust-free')}
              </li>
              <li>
                <Icon name="check" size={18} /> {t('landing.trust-adults')}
              </li>
              <li>
                <Icon name="check" size={18} /> {t('landing.trust-billing')}
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
              {t('landing.features-title')}
            </h2>
            <p className="mk-section__lead">{t('landing.features-lead')}</p>
          </div>
          <ul className="mk-features">
            {features.map((f) => (
              <li key={f.title} className="mk-feature">
                <span className="mk-feature__icon">
                  <Icon name={f.icon} />
                </span>
                <h3 className="mk-feature__title">{t(f.title)}</h3>
                <p className="mk-feature__text">{t(f.text)}</p>
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
                <RichText id="landing.vip-title" components={{ 0: <span className="mk-vip__big" /> }} />
              </h2>
              <p>{t('landing.vip-text')}</p>
            </div>
            <Link to="/prices" className="mk-button mk-button--light">
              {t('landing.vip-plans')}
            </Link>
          </div>
        </div>
      </section>

      <section className="mk-section mk-section--alt" aria-labelledby="mk-how-title" id="how-it-works">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="mk-how-title" className="mk-section__title">
              {t('landing.how-title')}
            </h2>
            <p className="mk-section__lead">{t('landing.how-lead')}</p>
          </div>
          <ol className="mk-steps">
            {steps.map((s, i) => (
              <li key={s.title} className="mk-step">
                <span className="mk-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="mk-step__title">{t(s.title)}</h3>
                <p className="mk-step__text">{t(s.text)}</p>
              </li>
            ))}
          </ol>
          <p className="mk-center">
            <Link to="/faq">{t('landing.read-faq')}</Link> · <Link to="/prices">{t('landing.see-prices')}</Link>
          </p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="mk-cta-title">
        <div className="mk-container">
          <div className="mk-cta">
            <h2 id="mk-cta-title" className="mk-cta__title">
              {t('landing.cta-title')}
            </h2>
            <p className="mk-cta__text">{t('landing.cta-text')}</p>
            <div className="mk-cta__buttons">
              <Link to="/sign-up" className="mk-button mk-button--primary">
                {t('landing.create-account')}
              </Link>
              <Link to="/sign-in" className="mk-button mk-button--ghost">
                {t('landing.sign-in')}
              </Link>
            </div>
          </div>
        </div>
      </section>

      <aside className="mk-notice" aria-label={t('landing.notice-label')}>
        <div className="mk-container mk-notice__inner">
          <Icon name="info" />
          <p>
            <strong>{t('landing.notice-title')}</strong> {t('landing.notice', { brand: name })}
          </p>
        </div>
      </aside>
    </div>
  );
}
