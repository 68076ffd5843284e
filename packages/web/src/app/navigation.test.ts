import { describe, expect, it } from 'vitest';
import { connectRouterNavigation, navigateTo } from './navigation';

describe('navigation from outside React', () => {
  it("goes through the connected router (the 403 dialog's way to /login)", () => {
    const visited: string[] = [];
    connectRouterNavigation({ navigate: (to) => visited.push(to) });
    navigateTo('/login');
    expect(visited).toEqual(['/login']);
  });
});
