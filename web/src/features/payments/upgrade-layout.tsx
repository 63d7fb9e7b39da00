import * as Tabs from '@radix-ui/react-tabs';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import './payments.css';

addTexts(enMember);

const TABS = [
  { value: '/upgrade/credits', label: 'member.pay.tab-credits' },
  { value: '/upgrade/premium', label: 'member.pay.tab-vip' },
] as const;

function Steps({ step }: { step: 1 | 2 }) {
  return (
    <p className="pay-steps">
      <span aria-hidden="true" className="pay-steps__track">
        <span className={`pay-steps__dot${step >= 1 ? ' is-done' : ''}`}>1</span>
        <span className="pay-steps__line" />
        <span className={`pay-steps__dot${step >= 2 ? ' is-done' : ''}`}>2</span>
      </span>
      <span className="pay-steps__label">{step === 1 ? t('member.pay.step-1') : t('member.pay.step-2')}</span>
    </p>
  );
}

/**
 * /upgrade (docs/product.md#screens-and-routes): Credit Packages and VIP Memberships as tabs (step 1 of 2); each tab is a route so
 * Back and deep links work. Checkout (step 2 of 2) shows without the tabs.
 */
export function UpgradeLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = pathname.replace(/\/+$/, '');
  if (path === '/upgrade/checkout') {
    return (
      <div className="pay-page">
        <div className="pay-page__head">
          <Link to="/upgrade" className="pay-back">
            {t('member.pay.back-to-offers')}
          </Link>
          <Steps step={2} />
        </div>
        <Outlet />
      </div>
    );
  }
  const current = TABS.find((tab) => path === tab.value)?.value ?? TABS[0].value;
  return (
    <div className="pay-page">
      <div className="pay-page__head">
        <h1 className="page-title">{t('member.pay.upgrade')}</h1>
        <Steps step={1} />
      </div>
      <Tabs.Root value={current} onValueChange={(value) => void navigate({ to: value })} className="pay-tabs">
        <Tabs.List aria-label={t('member.pay.upgrade')} className="pay-tabs__list">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className="pay-tabs__tab">
              {t(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="pay-tabs__panel">
            <Outlet />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
