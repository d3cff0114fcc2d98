import { cn } from '../../shared/lib/cn';
import { CopyButton } from './copy-button';

export interface CodeBlockProps {
  code: string;
  /** Shown in the header: a file name or a short caption. */
  title: string;
  className?: string;
}

/** Dark code panel with a header and a copy button; long lines scroll inside the panel, never the page. */
export function CodeBlock({ code, title, className }: CodeBlockProps) {
  return (
    <figure className={cn('min-w-0 overflow-hidden rounded-[var(--radius-card)] bg-slate-900', className)}>
      <figcaption className="flex min-h-11 items-center justify-between gap-3 border-b border-white/10 py-1 pr-2 pl-4">
        <span className="min-w-0 truncate font-mono text-[13px] text-slate-300">{title}</span>
        <CopyButton text={code} what={title} className="shrink-0" />
      </figcaption>
      <pre
        // A scrollable block must be reachable by keyboard (WCAG 2.1.1); the figure's caption names it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="max-h-[520px] overflow-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2"
      >
        <code>{code.replace(/\n$/, '')}</code>
      </pre>
    </figure>
  );
}
