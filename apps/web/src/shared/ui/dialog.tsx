import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  /** Shown on the confirm button while `busy`. */
  busyText?: string;
  cancelText?: string;
  busy?: boolean;
  /** 'destructive' (filled red) when confirming cannot be undone: a cancellation, a full refund. */
  confirmVariant?: Extract<ButtonVariant, 'primary' | 'destructive'>;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: the page behind is inert, focus starts on 'Отмена'
 * (the first button) and returns to the opener, Escape and a click on the backdrop cancel. The confirm
 * button ignores the second click of a double-click.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  busyText,
  cancelText = 'Отмена',
  busy = false,
  confirmVariant = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the native cancel event handles
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
      className="m-auto w-[calc(100%-32px)] max-w-md rounded-[var(--radius-card)] border border-slate-200 bg-white p-0 text-slate-900 shadow-xl shadow-slate-900/10 backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 text-[15px] text-slate-700">
            {children}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelText}
            </Button>
            <Button
              variant={confirmVariant}
              // The second click of a double-click (detail 2) is dropped: a confirmation that answers
              // with another confirmation in the same place must not be passed by one double-click.
              onClick={(event) => {
                if (event.detail <= 1) onConfirm();
              }}
              loading={busy}
              loadingText={busyText}
            >
              {confirmText}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
