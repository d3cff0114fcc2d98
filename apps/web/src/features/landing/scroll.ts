import { prefersReducedMotion } from './counter';

/**
 * Scrolls smoothly to a section (instantly with reduced motion) and moves keyboard focus to it, so the
 * next Tab continues from there. Returns false when the section is not on the page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}
