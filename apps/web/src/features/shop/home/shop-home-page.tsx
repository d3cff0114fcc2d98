import { CONFIRMED_STATUSES, type Permission } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../shared/api/http';
import { useShop } from '../../../shared/api/queries';
import { type ShopAccess, useShopAccess } from '../../../shared/auth/shop-access';
import { BITRIX_GUIDE_URL } from '../../../shared/config/contacts';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { buttonClass } from '../../../shared/ui/button';
import {
  BarChartIcon,
  CheckCircleIcon,
  ChevronRightIcon,
  CodeIcon,
  CursorClickIcon,
  ExternalLinkIcon,
  FileTextIcon,
  HelpIcon,
  ListIcon,
  MailIcon,
  QrIcon,
  SlidersIcon,
} from '../../../shared/ui/icons';
import { NotFoundView } from '../../../shared/ui/not-found-view';
import { PageContainer } from '../../../shared/ui/page-container';
import { LoadingState } from '../../../shared/ui/spinner';
import { ordersSearch } from '../shared/orders-query';
import { shopPaths } from '../shared/shop-id';

export const SHOP_NOT_FOUND = 'Магазин не найден или не удалось загрузить данные.';

interface Tile {
  title: string;
  description: string;
  icon: ReactNode;
  to: string;
  external?: boolean;
  /** Offered only to a key or a role with this permission. */
  needs?: Permission | readonly Permission[];
}

/** The home page's tiles this key or member may use. */
export function tilesFor(shopId: string, access: Pick<ShopAccess, 'can'>): Tile[] {
  return tiles(shopId).filter((tile) => {
    if (!tile.needs) return true;
    const needs: readonly Permission[] = typeof tile.needs === 'string' ? [tile.needs] : tile.needs;
    return needs.some((permission) => access.can(permission));
  });
}

function tiles(shopId: string): Tile[] {
  return [
    {
      title: 'Все заказы',
      description: 'Все заказы магазина: поиск по номеру, статусы и даты',
      icon: <ListIcon />,
      to: `${shopPaths.orders(shopId)}${ordersSearch({})}`,
    },
    {
      title: 'Подтверждённые',
      description: 'Заказы, одобренные банком, и оплаченные заказы',
      icon: <CheckCircleIcon />,
      to: `${shopPaths.orders(shopId)}${ordersSearch({ statuses: [...CONFIRMED_STATUSES] })}`,
    },
    {
      title: 'Сгенерировать QR',
      description: 'Новый заказ с QR-кодом и ссылкой для покупателя',
      icon: <QrIcon />,
      to: shopPaths.newOrder(shopId),
      needs: 'orders.write',
    },
    {
      title: 'Статистика',
      description: 'Заказы, одобрения и оплаты, воронка и график по дням',
      icon: <BarChartIcon />,
      to: shopPaths.stats(shopId),
    },
    {
      title: 'Настройки интеграции',
      description: 'Вебхук, тестовое событие и ключи API',
      icon: <SlidersIcon />,
      to: shopPaths.settings(shopId),
      needs: ['integration.manage', 'keys.manage'],
    },
    {
      title: 'Кнопка рассрочки',
      description: 'Виджет «Купить в рассрочку» для вашего сайта',
      icon: <CursorClickIcon />,
      to: shopPaths.buttonDemo(shopId),
    },
    {
      title: 'Интеграция с Битрикс',
      description: 'Модуль для 1С-Битрикс: установка и настройка (PDF)',
      icon: <FileTextIcon />,
      to: BITRIX_GUIDE_URL,
      external: true,
    },
    {
      title: 'Интеграция по API',
      description: 'REST API для создания и отслеживания заказов',
      icon: <CodeIcon />,
      to: shopPaths.apiDocs(shopId),
    },
  ];
}

const tileClass =
  'group flex h-full items-start gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-5 ' +
  'transition-[border-color,box-shadow] duration-150 hover:border-brand-200 hover:shadow-md hover:shadow-brand-900/5';

function TileBody({ tile }: { tile: Tile }) {
  return (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-brand-50 text-brand-700">
        {tile.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
          {tile.title}
          {tile.external && <ExternalLinkIcon size={16} className="text-slate-500" />}
        </span>
        <span className="mt-1 block text-sm text-slate-600">{tile.description}</span>
      </span>
      <ChevronRightIcon className="mt-3 shrink-0 text-slate-400 transition-transform duration-150 group-hover:translate-x-0.5 group-hover:text-brand-700" />
    </>
  );
}

/** Shop main page (spec §2). */
export default function ShopHomePage() {
  const { shopId } = useParams();
  const shop = useShop(shopId);
  const access = useShopAccess();
  usePageMeta({ title: shop.data?.name || 'Кабинет магазина' });

  if (!shopId) return <NotFoundView message="Ошибка: Shop ID is missing from URL." />;
  if (shop.isPending) return <LoadingState text="Загрузка данных магазина..." fillScreen />;
  if (shop.isError) {
    if (isNotFoundError(shop.error)) return <NotFoundView message={SHOP_NOT_FOUND} />;
    return <NotFoundView message={`Ошибка: ${shop.error.message || 'Failed to fetch shop information'}`} />;
  }

  return (
    <PageContainer>
      <div className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-[32px] sm:leading-10">
          {shop.data.name || 'Магазин без имени'}
        </h1>
        <p className="mt-1.5 text-base text-slate-600">Управление заказами и платежами</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tilesFor(shopId, access).map((tile) => (
          <li key={tile.title}>
            {tile.external ? (
              <a href={tile.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                <TileBody tile={tile} />
              </a>
            ) : (
              <Link to={tile.to} className={tileClass}>
                <TileBody tile={tile} />
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={shopPaths.faq(shopId)} className={buttonClass('secondary')}>
          <HelpIcon size={18} />
          FAQ
        </Link>
        <Link to={shopPaths.support(shopId)} className={buttonClass('secondary')}>
          <MailIcon size={18} />
          Поддержка
        </Link>
      </div>
    </PageContainer>
  );
}
