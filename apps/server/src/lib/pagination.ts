import type { PageQuery, Paginated } from '@pw/contract';

/** The SQL offset of a page. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.page_size;
}

function linkTo(url: string, page: number): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.set('page', String(page));
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Wraps one page of results in the list envelope; `next`/`previous` are the same request's path
 * and query with another page number, or null at either end.
 */
export function paginate<T>(url: string, query: PageQuery, count: number, results: T[]): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? linkTo(url, query.page + 1) : null,
    previous: query.page > 1 ? linkTo(url, Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}
