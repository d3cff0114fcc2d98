import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './app/landing-root';
import { LANDING_FONTS_ID } from './app/prerender/html';
import { readStaticMarkup } from './features/landing/static-markup';
import { adoptTokenFromAddress } from './shared/auth/auth-storage';
import { applyWebFontsAfterLoad } from './shared/lib/web-fonts-after-load';
import { initFromEnv } from './shared/monitoring/error-reporting';

/**
 * The browser entry of the pre-rendered landing `/` (build/prerender-landing.ts puts it into
 * dist/index.html instead of main.tsx): it hydrates the landing alone. Every other address gets the
 * app shell (app.html) with main.tsx. The stylesheet is the app's, inlined into index.html.
 */
void initFromEnv();
// The app's AuthProvider does this on every page, the landing included (spec §4).
adoptTokenFromAddress(window.location, window.history);

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');
// The parts without behaviour keep their pre-rendered markup instead of being hydrated.
const staticMarkup = readStaticMarkup(container);
// Under React, as a transition, hydration is done in small interruptible slices (the landing's
// sections are Suspense boundaries). The build's preact/compat runs the callback at once and hydrates
// in one pass, short since the static parts are not walked (features/landing/static-markup.tsx).
startTransition(() => {
  hydrateRoot(container, <LandingRoot staticMarkup={staticMarkup} />);
});

// The web fonts come after the page: once everything else has loaded and the main thread is idle,
// i.e. after the hydration's slices, the faces the text needs are loaded and swapped in at once.
applyWebFontsAfterLoad(LANDING_FONTS_ID);
