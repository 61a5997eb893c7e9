/**
 * Browser entry: hydrates the server-rendered document.
 *
 * The browser build runs Preact (`preact/compat`) in place of React (ADR 0036). React Router's
 * `HydratedRouter` first decodes the route data the server streamed into the page, and until that
 * is done it suspends by throwing the decoding promise. React 19 lets the root suspend during
 * hydration; Preact has no root-level suspense and would render the document a second time after
 * a `<Suspense>` boundary around it resolved. So the entry lets `HydratedRouter` start the decoding
 * outside rendering, waits for it, and hydrates once the data is there (the same wait React does,
 * a microtask or two on a complete page).
 *
 * What the shopper typed or chose before hydration is noted just before it and put back once the
 * page has hydrated (lib/early-input.ts). The aborts of navigations a newer one replaced are not
 * reported as errors (lib/superseded-loads.ts).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { captureEarlyInput, restoreEarlyInput, whenHydrated } from './lib/early-input.ts';
import { installHydratedIds } from './lib/hydrated-ids.ts';
import { dropServerResourceHints, markSuspenseRanges } from './lib/react-html-for-preact.ts';
import { ignoreSupersededLoads } from './lib/superseded-loads.ts';

/**
 * Resolves once React Router's hydration data is decoded: the first call of `HydratedRouter`
 * throws the decoding promise before it uses any hook. Anything else it throws is left for the
 * render to raise again, with React Router's own message.
 */
async function hydrationDataReady(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

installHydratedIds();
ignoreSupersededLoads(window);
void hydrationDataReady().then(() => {
  dropServerResourceHints();
  markSuspenseRanges(document.body);
  const early = captureEarlyInput(document);
  if (early.length > 0) whenHydrated(() => void restoreEarlyInput(early));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
