/**
 * The site paths link fields offer (lib/link-targets.ts), and what they judge a typed address by
 * (siteAddressesOf), provided once by the editor. Without a provider, links are typed by hand.
 */
import { createContext, useContext } from 'react';
import type { SiteAddresses } from '../../../engine/page-addresses';
import type { LinkTarget } from '../../lib/link-targets';

const LinkTargets = createContext<readonly LinkTarget[]>([]);
const NO_SITE: SiteAddresses = { pages: new Set(), redirects: new Map(), templates: [], unreadable: [] };
const LinkSite = createContext<SiteAddresses>(NO_SITE);

export const LinkTargetsProvider = LinkTargets.Provider;
export const LinkSiteProvider = LinkSite.Provider;

export const useLinkTargets = () => useContext(LinkTargets);
export const useLinkSite = () => useContext(LinkSite);
