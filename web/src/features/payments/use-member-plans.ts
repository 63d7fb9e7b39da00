import { useBrand } from '@web/lib/brand-context';
import { buildPricePlans, currencySymbol, memberOffersOf, type PricePlans } from '@web/lib/price-plans';
import { useUser } from '@web/lib/user-store';

export interface MemberPlans extends PricePlans {
  country: string;
  currency: string;
  symbol: string;
}

/** The signed-in member's offers: the brand's products for their country, filtered by their promotions. */
export function useMemberPlans(): MemberPlans {
  const { brand, config } = useBrand();
  const { user } = useUser();
  const country = String(config?.country ?? 'US').toUpperCase();
  const plans = buildPricePlans(brand?.products, country, memberOffersOf(user));
  const currency = plans.creditPackages[0]?.currency ?? plans.memberships[0]?.currency ?? config?.currency ?? 'USD';
  return { ...plans, country, currency, symbol: currencySymbol(currency, config?.currencySymbol) };
}
