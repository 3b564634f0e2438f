/**
 * /robots.txt, generated so its Sitemap line is an absolute URL on SITE_URL
 * (a file in public/ could only name one fixed address).
 */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/discovery-files';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs the `site` option of astro.config.mjs (from SITE_URL)');
  return new Response(robotsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
