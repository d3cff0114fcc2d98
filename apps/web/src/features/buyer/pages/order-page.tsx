import { usePageMeta } from '../../../shared/meta/page-meta';
import { PublicLayout } from '../../../shared/ui/public-layout';

/** Placeholder until the buyer-flow issue replaces it (spec §2). */
export default function OrderPage() {
  usePageMeta({ title: 'Заказ' });
  return (
    <PublicLayout>
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-semibold text-slate-900">Заказ</h1>
      </div>
    </PublicLayout>
  );
}
