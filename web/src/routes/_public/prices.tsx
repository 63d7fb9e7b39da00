import { createFileRoute } from '@tanstack/react-router';
import { PricesPage } from '@web/features/marketing/prices-page';

export const Route = createFileRoute('/_public/prices')({
  component: PricesPage,
});
