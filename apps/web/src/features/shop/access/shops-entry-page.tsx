import { usePageMeta } from '../../../shared/meta/page-meta';
import { PageContainer } from '../../../shared/ui/page-container';
import { PublicLayout } from '../../../shared/ui/public-layout';
import { ShopAccessHelp } from './shop-access-help';

/** /shops (the not-found page's «Для магазинов» link): how to get into a shop's area. */
export default function ShopsEntryPage() {
  usePageMeta({ title: 'Вход в кабинет магазина' });
  return (
    <PublicLayout>
      <PageContainer narrow>
        <ShopAccessHelp title="Вход в кабинет магазина" />
      </PageContainer>
    </PublicLayout>
  );
}
