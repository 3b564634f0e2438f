/** The site paths link fields offer (lib/link-targets.ts), provided once by the editor. Without a provider, links are typed by hand. */
import { createContext, useContext } from 'react';
import type { LinkTarget } from '../../lib/link-targets';

const LinkTargets = createContext<readonly LinkTarget[]>([]);

export const LinkTargetsProvider = LinkTargets.Provider;

export const useLinkTargets = () => useContext(LinkTargets);
