import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './app/landing-root';
import { LANDING_FONTS_ID } from './features/landing/prerender/html';
import { adoptTokenFromAddress } from './shared/auth/auth-storage';
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
// As a transition, hydration is done in small interruptible slices (the landing's sections are
// Suspense boundaries) instead of one long task that would block the first taps.
startTransition(() => {
  hydrateRoot(container, <LandingRoot />);
});

// The web fonts come after the page (see splitWebFonts in prerender/html.ts): their stylesheet is
// linked for print only and switched on here once everything else has loaded.
function applyWebFonts() {
  const link = document.getElementById(LANDING_FONTS_ID);
  if (link instanceof HTMLLinkElement) link.media = 'all';
}
if (document.readyState === 'complete') applyWebFonts();
else window.addEventListener('load', applyWebFonts, { once: true });
