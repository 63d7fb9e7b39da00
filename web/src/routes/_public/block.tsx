import { createFileRoute } from '@tanstack/react-router';
import { BlockPage } from '@web/features/marketing/notice-pages';

export const Route = createFileRoute('/_public/block')({
  component: BlockPage,
});
