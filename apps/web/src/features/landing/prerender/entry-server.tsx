import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot, loadRouteParts } from '../../../app/app-root';
import { routes } from '../../../app/router';
import { createQueryClient } from '../../../shared/api/queries';

export { landingHead, staticFiles } from './seo';

/**
 * Build-time entry (built for Node by build/prerender-landing.ts): the markup of `/` exactly as the
 * browser's first render produces it — the same tree as main.tsx, with the landing part already loaded.
 */
export async function renderLanding(): Promise<string> {
  await loadRouteParts(routes, '/');
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  try {
    return renderToString(<AppRoot router={router} queryClient={createQueryClient()} />);
  } finally {
    router.dispose();
  }
}
