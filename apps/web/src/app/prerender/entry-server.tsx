import { renderToString } from 'react-dom/server';
import { LandingRoot } from '../landing-root';

export { landingHead, staticFiles } from './seo';

/**
 * Build-time entry (built for Node by build/prerender-landing.ts): the markup of `/` exactly as the
 * browser's first render produces it — the same tree that landing-main.tsx hydrates.
 */
export async function renderLanding(): Promise<string> {
  return renderToString(<LandingRoot />);
}
