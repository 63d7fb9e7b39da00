import * as Tabs from '@radix-ui/react-tabs';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import './payments.css';

const TABS = [
  { value: '/upgrade/credits', label: 'Credit Packages' },
  { value: '/upgrade/premium', label: 'VIP Memberships' },
] as const;

function Steps({ step }: { step: 1 | 2 }) {
  return (
    <p className="pay-steps">
      <span aria-hidden="true" className="pay-steps__track">
        <span className={`pay-steps__dot${step >= 1 ? ' is-done' : ''}`}>1</span>
        <span className="pay-steps__line" />
        <span className={`pay-steps__dot${step >= 2 ? ' is-done' : ''}`}>2</span>
      </span>
      <span className="pay-steps__label">{step === 1 ? 'Step 1 of 2 · Choose' : 'Step 2 of 2 · Pay'}</span>
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
            ← Back to offers
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
        <h1 className="page-title">Upgrade</h1>
        <Steps step={1} />
      </div>
      <Tabs.Root value={current} onValueChange={(value) => void navigate({ to: value })} className="pay-tabs">
        <Tabs.List aria-label="Upgrade" className="pay-tabs__list">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className="pay-tabs__tab">
              {tab.label}
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
