// Inter as one variable font (weights 100–900): 3 files on a Russian page instead of 10 (one per
// weight and script), fewer bytes and fewer relayouts as they arrive. The og-image keeps the static files.
import '@fontsource-variable/inter/wght.css';
import './index.css';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { APP_FONTS_ID } from './app/prerender/html';
import { createAppRouter } from './app/router';
import { createQueryClient } from './shared/api/queries';
import { applyWebFontsAfterLoad } from './shared/lib/web-fonts-after-load';
import { initFromEnv } from './shared/monitoring/error-reporting';

void initFromEnv();

const queryClient = createQueryClient();
const router = createAppRouter();

// "Попробовать снова" must also clear the router's error state, or the same error is rendered again.
function resetRouter() {
  const { pathname, search, hash } = window.location;
  void router.navigate(`${pathname}${search}${hash}`, { replace: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

// The pre-rendered landing `/` has its own entry (landing-main.tsx); this one always renders the app
// into the empty shell (app.html, and index.html in the dev server).
createRoot(container).render(<AppRoot router={router} queryClient={queryClient} onReset={resetRouter} />);

// The built shell (app.html) links the web fonts for print only: once the page has loaded and the main
// thread is idle they are loaded and swapped in at once, as on the landing. The dev server's page has
// no such link: there the stylesheet imported above carries them.
applyWebFontsAfterLoad(APP_FONTS_ID);
