import { pageQuerySchema } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { pageOffset, paginate } from './pagination';

describe('paginate', () => {
  it('links the neighbouring pages and keeps the other query parameters', () => {
    const query = pageQuerySchema.parse({ page: '2', page_size: '10' });
    const page = paginate('/api/v1/users/pages/?q=kim&page=2&page_size=10', query, 35, ['a']);
    expect(page).toEqual({
      count: 35,
      next: '/api/v1/users/pages/?q=kim&page=3&page_size=10',
      previous: '/api/v1/users/pages/?q=kim&page=1&page_size=10',
      results: ['a'],
    });
    expect(pageOffset(query)).toBe(10);
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(paginate('/x/', pageQuerySchema.parse({ page: 1, page_size: 10 }), 10, [])).toMatchObject({
      next: null,
      previous: null,
    });
    expect(paginate('/x/', pageQuerySchema.parse({ page: 4, page_size: 10 }), 35, [])).toMatchObject({
      next: null,
      previous: '/x/?page=3',
    });
    expect(paginate('/x/', pageQuerySchema.parse({}), 0, [])).toMatchObject({
      count: 0,
      next: null,
      previous: null,
    });
  });

  it('rejects page sizes outside 1..100 and pages below 1', () => {
    expect(pageQuerySchema.safeParse({ page_size: 0 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page_size: 101 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
  });
});
