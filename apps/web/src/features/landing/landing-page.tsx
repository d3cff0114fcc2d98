import { type ReactNode, Suspense } from 'react';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Benefits } from './sections/benefits';
import { Contact } from './sections/contact';
import { Features } from './sections/features';
import { LandingFooter } from './sections/footer';
import { LandingHeader } from './sections/header';
import { Hero } from './sections/hero';
import { StartSteps } from './sections/start-steps';
import { StatsStrip } from './sections/stats';
import { Testimonials } from './sections/testimonials';

/**
 * A Suspense boundary around a pre-rendered section lets React hydrate it as its own unit of work,
 * interruptibly, after the part above the fold: the page becomes interactive without one long task.
 * Nothing inside suspends, so the fallback is never shown. The build hydrates with preact/compat,
 * which does it in one pass (kept short by the static parts, static-markup.tsx); there the boundaries
 * change nothing.
 */
function Hydrated({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The marketing landing page of spec §2, in the specification's order. It is also rendered to static
 * HTML at build time (build/prerender-landing.ts) and hydrated, so its first render must not depend on
 * anything only the browser knows.
 */
export default function LandingPage() {
  usePageMeta({ path: '/' });
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <Hydrated>
          <StatsStrip />
        </Hydrated>
        <Hydrated>
          <Benefits />
        </Hydrated>
        <Hydrated>
          <Features />
        </Hydrated>
        <Hydrated>
          <StartSteps />
        </Hydrated>
        <Hydrated>
          <Testimonials />
        </Hydrated>
        <Hydrated>
          <Contact />
        </Hydrated>
      </main>
      <Hydrated>
        <LandingFooter />
      </Hydrated>
    </div>
  );
}
