import { createFileRoute, redirect } from '@tanstack/react-router';
import { cartStore } from '@web/lib/cart';
import { CheckoutPage } from '@web/features/payments/checkout-page';

/** The checkout guard (docs/product.md#screens-and-routes; logic not shown there): checkout needs an item in the cart. */
export const Route = createFileRoute('/_auth/upgrade/checkout')({
  beforeLoad: () => {
    if (cartStore.get().items.length === 0) throw redirect({ to: '/upgrade/credits', replace: true });
  },
  component: CheckoutPage,
});
