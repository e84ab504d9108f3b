import { useSession, type UserAccess } from './session';

type Resolver = (pathname: string, access: UserAccess) => boolean;

// The route table (app/) registers itself at start-up, as the router does with lib/navigation:
// features learn whether a path may be opened without importing the app layer.
let resolver: Resolver = () => true;

export function setRouteAccessResolver(next: Resolver): void {
  resolver = next;
}

export function canOpenPath(pathname: string, access: UserAccess): boolean {
  return resolver(pathname, access);
}

/** Whether the signed-in user's flags open `pathname`: links to a page they may not open are not shown. */
export function useCanOpen(pathname: string): boolean {
  const { access } = useSession();
  return canOpenPath(pathname, access);
}
