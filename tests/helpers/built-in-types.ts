/** The 13 section types the spec lists; a project may add more folders without touching the tests. */
export const BUILT_IN_TYPES = [
  'header', 'footer', 'hero', 'page-hero', 'posts-list', 'tags-list', 'post-detail',
  'related-tags', 'tag-detail', 'tag-posts', 'content-block', 'stats-band', 'cta-banner',
];
