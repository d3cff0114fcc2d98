import { usePageMeta } from '../../shared/meta/page-meta';
import { PageContainer } from '../../shared/ui/page-container';

/** Placeholder until the documentation issue replaces it (spec §2); rendered inside the shop or public layout. */
export default function ApiDocsPage() {
  usePageMeta({ title: 'Документация REST API' });
  return (
    <PageContainer>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-[32px]">Документация REST API</h1>
    </PageContainer>
  );
}
