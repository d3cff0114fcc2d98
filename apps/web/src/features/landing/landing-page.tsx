import { Link } from 'react-router';
import { usePageMeta } from '../../shared/meta/page-meta';
import { buttonClass } from '../../shared/ui/button';
import { PublicLayout } from '../../shared/ui/public-layout';

/** Placeholder until the landing issue replaces it with the full page of spec §2. */
export default function LandingPage() {
  usePageMeta({});
  return (
    <PublicLayout>
      <section className="mx-auto max-w-[1120px] px-4 py-16 sm:px-6 sm:py-24">
        <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          Увеличьте продажи на 40-60%
        </p>
        <h1 className="mt-4 max-w-3xl text-3xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
          Увеличивайте B2B продажи с рассрочкой для покупателей
        </h1>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/shops/api-docs" className={buttonClass('primary', 'lg')}>
            Узнать подробнее
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
