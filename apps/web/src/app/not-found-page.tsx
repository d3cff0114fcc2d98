import { usePageMeta } from '../shared/meta/page-meta';
import { NotFoundView } from '../shared/ui/not-found-view';
import { PublicLayout } from '../shared/ui/public-layout';

export default function NotFoundPage() {
  usePageMeta({ title: 'Страница не найдена' });
  return (
    <PublicLayout>
      <NotFoundView />
    </PublicLayout>
  );
}
