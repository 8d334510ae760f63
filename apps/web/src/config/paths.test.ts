import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from './paths';

describe('routePatterns', () => {
  it('match the URLs that paths builds, naming their id', () => {
    expect(matchPath(routePatterns.blog, paths.blog(7))?.params).toEqual({ id: '7' });
    expect(matchPath(routePatterns.marathonDetails, paths.marathonDetails('a1'))?.params).toEqual({
      id: 'a1',
    });
    expect(matchPath(routePatterns.registration, paths.registration('a1'))?.params).toEqual({ id: 'a1' });
    expect(matchPath(routePatterns.participants, paths.dashboard.participants('a1'))?.params).toEqual({
      id: 'a1',
    });
  });
});
