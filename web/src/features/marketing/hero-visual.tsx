import { addTexts, t } from '@sync/texts';
import { enLanding } from '@sync/locales/en-landing';

addTexts(enLanding);

/** The drawn phone's profile: a name and an age read alike in every language. */
const HERO_PROFILE = { name: 'Sophie', age: 27 };
/** The pass button's sign, drawn like the heart beside it (the picture is hidden from screen readers). */
const PASS_SIGN = '✕';
/**
 * The landing's hero picture, drawn rather than downloaded: a phone showing a profile card and a
 * chat, with a match badge and message bubbles around it. Decorative: the copy beside it says it all.
 */
function Portrait({ variant }: { variant: 'a' | 'b' }) {
  const face = (
    <>
      <rect className="mk-portrait__skin-shade" x="88" y="140" width="24" height="34" rx="10" />
      <ellipse className="mk-portrait__skin" cx="100" cy="108" rx="33" ry="40" />
      <path className="mk-portrait__line" d="M84 106q5-5 10 0M106 106q5-5 10 0" />
      <path className="mk-portrait__line" d="M90 124q10 9 20 0" />
      <circle className="mk-portrait__blush" cx="80" cy="118" r="6" />
      <circle className="mk-portrait__blush" cx="120" cy="118" r="6" />
    </>
  );
  return (
    <svg className={`mk-portrait mk-portrait--${variant}`} viewBox="0 0 200 250" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <rect className="mk-portrait__bg" width="200" height="250" />
      <circle className="mk-portrait__glow" cx="160" cy="40" r="80" />
      {variant === 'a' ? (
        <>
          <path className="mk-portrait__hair" d="M58 116c-8-50 16-82 44-82s54 30 44 82c-4 26 4 50 12 70H44c10-20 18-44 14-70Z" />
          <path className="mk-portrait__body" d="M28 250c4-46 32-74 72-74s68 28 72 74Z" />
          {face}
          <path className="mk-portrait__hair" d="M66 100c0-34 22-50 40-50 22 0 34 18 32 44-10-16-30-26-52-22-8 2-14 14-20 28Z" />
        </>
      ) : (
        <>
          <path className="mk-portrait__body" d="M22 250c6-50 38-76 78-76s72 26 78 76Z" />
          {face}
          <path className="mk-portrait__hair" d="M66 98c-6-34 14-56 38-56 26 0 40 20 32 56-4-14-14-24-32-26-18 0-32 10-38 26Z" />
        </>
      )}
    </svg>
  );
}

export function HeroVisual() {
  return (
    <div className="mk-hero-visual" aria-hidden="true">
      <div className="mk-phone">
        <div className="mk-phone__notch" />
        <div className="mk-phone__screen">
          <div className="mk-phone__card">
            <Portrait variant="a" />
            <div className="mk-phone__card-info">
              <span className="mk-phone__badge">VIP</span>
              <strong>
                {HERO_PROFILE.name}, {HERO_PROFILE.age}
              </strong>
              <span>
                <i className="mk-dot" /> {t('landing.hero-online')}
              </span>
            </div>
          </div>
          <div className="mk-phone__actions">
            <span className="mk-round mk-round--no">{PASS_SIGN}</span>
            <span className="mk-round mk-round--yes">♥</span>
          </div>
        </div>
      </div>
      <div className="mk-float mk-float--match">
        <span className="mk-float__avatars">
          <span className="mk-mini">
            <Portrait variant="b" />
          </span>
          <span className="mk-mini">
            <Portrait variant="a" />
          </span>
        </span>
        <span>
          <strong>{t('match.title')}</strong>
          <small>{t('landing.hero-say-hi')}</small>
        </span>
      </div>
      <div className="mk-float mk-float--chat-in">{t('landing.hero-chat-in')}</div>
      <div className="mk-float mk-float--chat-out">{t('landing.hero-chat-out')}</div>
      <span className="mk-heart mk-heart--1">♥</span>
      <span className="mk-heart mk-heart--2">♥</span>
      <span className="mk-heart mk-heart--3">♥</span>
    </div>
  );
}
