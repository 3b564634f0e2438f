/** What src/middleware.ts learns about a request, for the routes behind it. */
declare namespace App {
  interface Locals {
    /** The signed-in user; in `astro dev`, the local developer. Absent when nobody is signed in. */
    user?: { name: string; role: 'editor' | 'admin' };
  }
}

interface ImportMetaEnv {
  /** One per build (astro.config.mjs): the code version in live publishing's render keys (src/server/publish/). */
  readonly CONTENT_SITE_BUILD_ID?: string;
}

/** Astro's own module behind its `<Font>` component (astro/components/Font.astro), read by src/layouts/FontFaces.astro. */
declare module 'virtual:astro:assets/fonts/internal' {
  export const componentDataByCssVariable: Map<string, { css: string; preloads: { url: string; type: string; weight?: string; style?: string; subset?: string }[] }>;
}
