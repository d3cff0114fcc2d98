import { renderToString } from 'preact-render-to-string';
import { LandingRoot } from '../landing-root';

export { landingHead, staticFiles } from './seo';

/**
 * Build-time entry (built for Node by build/prerender-landing.ts): the markup of `/` exactly as the
 * browser's first render produces it — the same tree that landing-main.tsx hydrates, and the same
 * renderer: Preact (its server renderer here, preact/compat in the browser; see build/prerender-landing.ts).
 */
export async function renderLanding(): Promise<string> {
  return renderToString(<LandingRoot />);
}
