import { createContext, type HTMLAttributes, useContext } from 'react';

/**
 * Parts of the landing without behaviour (no handlers, no state: the benefits, the feature blocks, the
 * steps, the hero's pictures) need no hydration, yet the renderer (preact/compat in the build, React in
 * the unit tests) would walk every one of their elements when the browser hydrates the pre-rendered
 * page — most of the page, and most of its blocking time on a slow phone. So the browser entry reads
 * their pre-rendered markup before hydrating (readStaticMarkup) and hands it over through
 * StaticMarkupProvider; such a part then renders as that HTML (dangerouslySetInnerHTML), which both
 * renderers adopt as it is while hydrating, walking none of its elements. Should the part ever be
 * rendered on the client instead, the same markup is written back, so the content is never lost. On the server and in tests, where no markup is
 * handed over, a part renders its children as usual.
 */
export type StaticMarkup = ReadonlyMap<string, string>;

const StaticMarkupContext = createContext<StaticMarkup | null>(null);

export const StaticMarkupProvider = StaticMarkupContext.Provider;

/** The attribute naming a static part in the pre-rendered page. */
const STATIC_ATTRIBUTE = 'data-static';

/** The pre-rendered markup of every static part under root, by name. */
export function readStaticMarkup(root: ParentNode): StaticMarkup {
  const markup = new Map<string, string>();
  for (const element of root.querySelectorAll<HTMLElement>(`[${STATIC_ATTRIBUTE}]`)) {
    const name = element.getAttribute(STATIC_ATTRIBUTE);
    if (name) markup.set(name, element.innerHTML);
  }
  return markup;
}

type StaticProps = HTMLAttributes<HTMLElement> & {
  /** The element the part is. */
  as: 'section' | 'div';
  /** Unique on the page: the key of the part's markup. */
  name: string;
};

/** A part of the pre-rendered landing that the browser keeps as it is instead of hydrating it. */
export function Static({ as: Element, name, children, ...props }: StaticProps) {
  const markup = useContext(StaticMarkupContext)?.get(name);
  if (markup === undefined)
    return (
      <Element {...props} data-static={name}>
        {children}
      </Element>
    );
  return (
    <Element
      {...props}
      data-static={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own pre-rendered markup, read back from the DOM.
      dangerouslySetInnerHTML={{ __html: markup }}
      suppressHydrationWarning
    />
  );
}
