import { isOrderStatus, type OrderStatus } from '@b2bpay/domain';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useOrder } from '../../../shared/api/queries';
import { useLinkedShopId } from '../../../shared/auth/shop-access';
import { downloadBlob, downloadText, serializeSvg } from '../../../shared/lib/clipboard';
import { useCopy } from '../../../shared/lib/use-copy';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { CheckIcon, CopyIcon, DownloadIcon } from '../../../shared/ui/icons';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageContainer } from '../../../shared/ui/page-container';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { OrderItems } from '../shared/order-items';
import { readShopNavState, shopPaths, useCurrentShopId } from '../shared/shop-id';
import { qrSvgToPng } from './qr-png';

export const QR_SIZE = 200;

/** What the QR screen says about an order the buyer has already moved past client_expected. */
export const STATUS_NOTES: Readonly<Record<Exclude<OrderStatus, 'client_expected'>, string>> = {
  bank_info_expected: 'Покупатель отправил заявку, банки-партнёры её рассматривают. QR-код больше не нужен.',
  app_approved: 'Банк одобрил заявку; оплата поступит на счёт магазина.',
  app_rejected: 'Банки отклонили заявку. Чтобы предложить покупателю рассрочку снова, создайте новый заказ.',
  payment_sent: 'Заказ оплачен: банк перечислил деньги магазину.',
  client_info_overdue: 'Покупатель не заполнил заявку вовремя. Для новой попытки создайте новый заказ.',
  cancelled: 'Заказ отменён: QR-код больше не нужен.',
  refunded: 'По заказу оформлен возврат всей суммы.',
};

function statusNote(status: string): string {
  if (isOrderStatus(status) && status !== 'client_expected') return STATUS_NOTES[status];
  return 'Покупатель уже перешёл к заявке: QR-код больше не нужен.';
}

export const PNG_FAILED = 'Не удалось сохранить QR-код в PNG. Скачайте SVG или попробуйте ещё раз.';

/**
 * The download's name, by the order's number as the shop sees it (not its UUID), e.g.
 * `b2bpay-order-57-qr.png`; anything but letters, digits and `-` in the number becomes `-`.
 */
export function qrFileName(orderNumber: string, format: 'svg' | 'png'): string {
  const safe = orderNumber.replace(/[^\p{L}\p{N}-]+/gu, '-');
  return `b2bpay-order-${safe}-qr.${format}`;
}

/** QR display screen (spec §2): the order, its QR (200 px, level H, with margin) and the buyer link. */
export default function OrderQrPage() {
  const { orderId } = useParams();
  const location = useLocation();
  const nav = readShopNavState(location.state);
  const order = useOrder(orderId);
  const qrRef = useRef<SVGSVGElement>(null);
  const { copied, copy } = useCopy();
  const [pngFailed, setPngFailed] = useState(false);
  // Right after creation the form that had the focus is gone: the banner takes it (once), so the
  // keyboard and a screen reader start at «QR-код успешно создан!», not at the page's top.
  const createdBanner = useRef<HTMLDivElement>(null);
  const bannerFocused = useRef(false);
  const loaded = Boolean(order.data);
  useEffect(() => {
    if (!nav.created || !loaded || bannerFocused.current) return;
    bannerFocused.current = true;
    createdBanner.current?.focus();
  }, [nav.created, loaded]);
  usePageMeta({ title: order.data ? `Заказ №${order.data.order_number}` : 'QR-код заказа' });

  const shopId = useLinkedShopId(useCurrentShopId());
  const home = shopId ? shopPaths.home(shopId) : '/';
  const homeButton = (
    <LinkButton to={home} variant="secondary" className="w-full sm:w-auto">
      На главную
    </LinkButton>
  );

  if (!orderId) {
    return (
      <PageContainer narrow>
        <Alert tone="error">Ошибка: Не удалось найти номер заказа.</Alert>
      </PageContainer>
    );
  }
  if (order.isPending) return <LoadingState text="Загрузка данных заказа..." fillScreen />;
  if (order.isError) {
    return (
      <PageContainer narrow className="flex flex-col gap-6">
        <Alert tone="error">Ошибка: Ошибка при загрузке данных заказа.</Alert>
        {homeButton}
      </PageContainer>
    );
  }
  if (order.data === null) {
    return (
      <PageContainer narrow>
        <EmptyState
          title="Заказ не найден."
          description={`Не удалось найти заказ с ID: ${orderId}`}
          action={homeButton}
        />
      </PageContainer>
    );
  }

  const data = order.data;
  const link = data.link || `${window.location.origin}/client/${encodeURIComponent(data.id)}`;

  return (
    <PageContainer narrow className="flex flex-col gap-6">
      {nav.created && (
        <div ref={createdBanner} tabIndex={-1} className="outline-none">
          <Alert tone="success">QR-код успешно создан!</Alert>
        </div>
      )}

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        <Card
          headingLevel="h1"
          title={<span className="tabular-nums">Заказ №{data.order_number}</span>}
          actions={
            // 'Новый' right after creation, until a live update brings another status.
            nav.created && data.status === 'client_expected' ? (
              <StatusBadge label="Новый" color="#4338ca" />
            ) : (
              <StatusBadge status={data.status} />
            )
          }
        >
          <OrderItems products={data.products} />
        </Card>

        {data.status === 'client_expected' ? (
          <Card
            title="QR-код для оплаты"
            description="Покажите этот код покупателю для сканирования"
            className="md:w-[340px]"
          >
            <div className="flex justify-center">
              <div className="rounded-[var(--radius-control)] border border-slate-200 bg-white">
                <QRCodeSVG
                  ref={qrRef}
                  value={link}
                  size={QR_SIZE}
                  level="H"
                  marginSize={4}
                  title={`QR-код заказа №${data.order_number}`}
                  role="img"
                  data-testid="order-qr"
                />
              </div>
            </div>
            {/* PNG first: the file most people paste into a document or a messenger; SVG for print. */}
            <div className="mt-5 grid gap-3">
              <Button
                icon={<DownloadIcon size={18} />}
                onClick={async () => {
                  if (!qrRef.current) return;
                  setPngFailed(false);
                  try {
                    const png = await qrSvgToPng(serializeSvg(qrRef.current));
                    downloadBlob(png, qrFileName(data.order_number, 'png'));
                  } catch (error) {
                    console.error('QR PNG rendering failed', error);
                    setPngFailed(true);
                  }
                }}
              >
                Скачать PNG
              </Button>
              {pngFailed && <Alert tone="error">{PNG_FAILED}</Alert>}
              <Button
                variant="secondary"
                icon={<DownloadIcon size={18} />}
                onClick={() => {
                  if (!qrRef.current) return;
                  const svg = serializeSvg(qrRef.current);
                  downloadText(svg, qrFileName(data.order_number, 'svg'), 'image/svg+xml');
                }}
              >
                Скачать QR
              </Button>
              <Button
                variant="secondary"
                icon={copied ? <CheckIcon size={18} className="text-green-700" /> : <CopyIcon size={18} />}
                onClick={() => void copy(link)}
                aria-live="polite"
              >
                {copied ? 'Скопировано!' : 'Копировать ссылку'}
              </Button>
            </div>
          </Card>
        ) : (
          // Past client_expected the buyer has nothing left to scan: the card says where the
          // order is instead of inviting a scan.
          <Card title="Статус заказа" className="md:w-[340px]">
            <p className="text-slate-700" data-testid="order-status-card">
              {statusNote(data.status)}
            </p>
          </Card>
        )}
      </div>

      <Card padded={false} className="p-4 sm:p-6">
        <p className="text-sm font-medium text-slate-700">Ссылка для клиента:</p>
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 block font-mono text-sm break-all text-brand-700 underline-offset-4 hover:underline"
        >
          {link}
        </a>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row">
        {homeButton}
        {shopId && (
          <LinkButton
            to={shopPaths.orderDetails(shopId, data.id)}
            variant="secondary"
            className="w-full sm:w-auto"
          >
            Подробнее о заказе
          </LinkButton>
        )}
      </div>
    </PageContainer>
  );
}
