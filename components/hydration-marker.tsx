"use client";

import { useEffect } from "react";

/**
 * Marks the page as interactive once React has hydrated it: `<html data-hydrated>`. The end-to-end
 * tests wait for it after each full navigation before they click (e2e/fixtures.ts), so a click on a
 * slow machine cannot land on server HTML whose handlers are not attached yet. Renders nothing.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
