import { prefersReducedMotion } from './counter';

/**
 * Sections below the fold are marked data-deferred and skip layout and paint until they come near the
 * viewport (content-visibility: auto), which keeps the first render of this long page cheap. Before a
 * scroll to a section they are all laid out, so the scroll ends where the section really is and not
 * where their estimated heights put it.
 */
export function renderDeferredSections(): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-deferred]')) {
    section.style.contentVisibility = 'visible';
  }
}

/**
 * Scrolls smoothly to a section (instantly with reduced motion) and moves keyboard focus to it, so the
 * next Tab continues from there. Returns false when the section is not on the page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  renderDeferredSections();
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}

/**
 * «Оставить заявку»: scrolls so the enquiry form itself is in view — on a phone the
 * section's top is a heading and a checklist a screen above the fields — and focuses its first field.
 */
export function scrollToForm(formId: string): boolean {
  const form = document.getElementById(formId);
  if (!form) return false;
  renderDeferredSections();
  form.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  form.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  return true;
}
