import { type ComponentType, useEffect, useRef, useState } from 'react';
import { afterPageLoad } from '../../../shared/lib/after-load';
import { DateRangeButton } from './date-range-button';
import type { DateRangePickerProps } from './date-range-picker';

type Picker = ComponentType<DateRangePickerProps>;
interface Loaded {
  Component: Picker;
  /** The stand-in had the focus: the real button takes it. */
  focus: boolean;
}

const loadPicker = (): Promise<Picker> => import('./date-range-picker').then((m) => m.DateRangePicker);

/**
 * The date filter with its calendar loaded after the page: the calendar's code (the popover with its
 * positioning and focus handling, about 26 KB gzip) is no part of the order list's or the statistics'
 * first load. Until it has come (once the page has loaded and the main thread is idle) the same button
 * stands in; a press on it loads the calendar at once and opens it.
 */
export function DateRangeField(props: DateRangePickerProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Presses of the stand-in: the calendar opens for them once it is there, even when its code had
  // already arrived (and was about to replace the stand-in) at the moment of the press.
  const [openRequests, setOpenRequests] = useState(0);
  const standIn = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);

  const take = () =>
    loadPicker().then((Component) => {
      if (!mounted.current) return;
      const focus = document.activeElement !== null && document.activeElement === standIn.current;
      setLoaded((known) => known ?? { Component, focus });
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per mount
  useEffect(() => {
    mounted.current = true;
    const cancel = afterPageLoad(() => void take());
    return () => {
      mounted.current = false;
      cancel();
    };
  }, []);

  if (loaded) {
    const { Component } = loaded;
    return <Component {...props} openRequest={openRequests} focusTrigger={loaded.focus} />;
  }
  return (
    <DateRangeButton
      ref={standIn}
      startDate={props.startDate}
      endDate={props.endDate}
      label={props.label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setOpenRequests((n) => n + 1);
        void take();
      }}
    />
  );
}
