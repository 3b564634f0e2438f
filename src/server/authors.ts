/**
 * The author a change is recorded under: the signed-in user. Users have a name
 * and no address, so the address is a reserved one (RFC 2606's `.invalid`)
 * that says whose it is and can never reach anyone.
 */
import type { Author } from './store/content-store';

export function authorOf(user: App.Locals['user']): Author | undefined {
  if (!user || import.meta.env.DEV) return undefined; // in dev the repository's own git identity applies
  return { name: user.name, email: `${user.name}@users.content-site.invalid` };
}
