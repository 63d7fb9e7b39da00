import { createFileRoute } from '@tanstack/react-router';
import { ContentRemovalPage } from '@web/features/marketing/notice-pages';

export const Route = createFileRoute('/_public/content-removal')({
  component: ContentRemovalPage,
});
