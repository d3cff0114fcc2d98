import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './index.css';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { createQueryClient } from './shared/api/queries';
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
