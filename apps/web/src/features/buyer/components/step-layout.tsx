import type { Order } from '@b2bpay/domain';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../shared/lib/cn';
import { buttonClass } from '../../../shared/ui/button';
import { ArrowLeftIcon } from '../../../shared/ui/icons';
import { useArrivalFocus } from '../lib/use-arrival-focus';
import { LONG_LIST_THRESHOLD } from '../model/order-view';
import { OrderSummary } from './order-summary';
import { ShopReturnLink } from './shop-return-link';
import { StepIndicator } from './step-indicator';

export interface StepLayoutProps {
  step: 1 | 2;
  title: string;
  subtitle: string;
  backTo: string;
  backLabel: string;
  order: Order;
  children: ReactNode;
}

/**
 * One application step: back link, 'Шаг N из 2', the heading and the form; the order summary comes
 * first on phones (collapsed) and sits in a column on the right on wide screens.
 */
export function StepLayout({ step, title, subtitle, backTo, backLabel, order, children }: StepLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  return (
    <div className="mx-auto grid w-full max-w-[1120px] gap-5 px-4 py-5 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,640px)_340px] lg:justify-between lg:gap-8">
      <aside aria-label="Ваш заказ" className="lg:col-start-2 lg:row-start-1">
        <div className={cn(order.products.length <= LONG_LIST_THRESHOLD && 'lg:sticky lg:top-24')}>
          <OrderSummary order={order} />
        </div>
      </aside>
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4">
          <Link to={backTo} className={buttonClass('ghost', 'md', '-ml-3 text-slate-700')}>
            <ArrowLeftIcon size={18} />
            {backLabel}
          </Link>
          {/* The buyer changes their mind before sending: back to the shop (the order's cancel_url). */}
          <ShopReturnLink url={order.cancel_url} orderId={order.id} className="-mr-3" />
        </div>
        <StepIndicator step={step} />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 outline-none sm:text-[28px] sm:leading-9"
        >
          {title}
        </h1>
        <p className="mt-1.5 text-[15px] text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
