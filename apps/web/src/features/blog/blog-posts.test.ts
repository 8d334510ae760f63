import { describe, expect, it } from 'vitest';
import { findPostById, formatPostDate, sortNewestFirst, toParagraphs, type BlogPost } from './blog-posts';

const post = (id: number, date: string): BlogPost => ({
  id,
  date,
  image: `/images/blog/post-${id}.svg`,
  title: `Post ${id}`,
  author: 'Ann',
  excerpt: 'Short.',
  content: 'Long.',
});

describe('sortNewestFirst', () => {
  it('puts the newest date first, then the higher id, and unparseable dates last', () => {
    const posts = [post(1, '2026-01-05'), post(2, 'someday'), post(3, '2026-03-01'), post(4, '2026-01-05')];
    expect(sortNewestFirst(posts).map((p) => p.id)).toEqual([3, 4, 1, 2]);
  });
  it('leaves the input as it was', () => {
    const posts = [post(1, '2026-01-05'), post(2, '2026-02-05')];
    sortNewestFirst(posts);
    expect(posts.map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('findPostById', () => {
  const posts = [post(1, '2026-01-05'), post(12, '2026-02-05')];
  it('finds the post whose numeric id equals the parameter', () => {
    expect(findPostById(posts, '12')?.title).toBe('Post 12');
  });
  it.each([[undefined], [''], ['99'], ['abc'], ['1.0'], ['-1'], ['1e1']])('finds nothing for %j', (id) => {
    expect(findPostById(posts, id)).toBeUndefined();
  });
});

describe('formatPostDate', () => {
  it('gives the day in words, the same in every time zone', () => {
    expect(formatPostDate('2026-11-01')).toBe('November 1, 2026');
  });
  it('keeps a text it cannot read', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });
});

describe('toParagraphs', () => {
  it('splits at blank lines and drops empty ones', () => {
    expect(toParagraphs('One\nstill one.\n\nTwo.\n  \nThree.\n\n\n')).toEqual([
      'One\nstill one.',
      'Two.',
      'Three.',
    ]);
  });
});
