import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

const routes = Object.entries(paths);

describe('paths', () => {
  it('name each URL once', () => {
    const patterns = routes.map(([, route]) => route.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each(routes)('%s: a link to it is what the router matches', (_name, route) => {
    if (typeof route.href === 'string') {
      expect(route.path).not.toContain(':');
      expect(route.href).toBe(route.path);
      expect(matchPath(route.path, route.href)).not.toBeNull();
    } else {
      expect(matchPath(route.path, route.href('a1'))?.params).toEqual({ id: 'a1' });
      expect(matchPath(route.path, route.href(7))?.params).toEqual({ id: '7' });
    }
  });

  it('put the id in a link whole, even one with characters a URL reserves', () => {
    const href = paths.marathonDetails.href('a/b c');
    expect(href).toBe('/marathon-details/a%2Fb%20c');
    // As the router reads it: the location decoded, then matched.
    expect(matchRoutes([{ path: paths.marathonDetails.path }], href)?.[0]?.params).toEqual({ id: 'a/b c' });
  });

  it('build the links the screens use', () => {
    expect(paths.blog.href(7)).toBe('/blog/7');
    expect(paths.registration.href('a1')).toBe('/registration/a1');
    expect(paths.participants.href('a1')).toBe('/dashboard/my-marathons/a1/participants');
    expect(paths.myApplies.href).toBe('/dashboard/my-applies');
    expect(paths.results.href('a1')).toBe('/results/a1');
    expect(paths.raceResults.href('a1')).toBe('/dashboard/my-marathons/a1/participants/results');
  });

  it("build a result card's link that the router matches: the race, then the bib", () => {
    const href = paths.results.card.href('a/1', 12);
    expect(href).toBe('/results/a%2F1/12');
    expect(matchRoutes([{ path: paths.results.card.path }], href)?.[0]?.params).toEqual({
      id: 'a/1',
      bib: '12',
    });
  });
});
