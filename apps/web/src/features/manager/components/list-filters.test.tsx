// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { Configuration } from '@pw/contract';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadPageTexts } from '../../../lib/i18n';
import { GroupFilter, SearchFilter, useFirstPageOnError, useListFilters } from './list-filters';

// What the manager lists (users, courses, assignments) share: the debounced search, the group
// filter, and the page that starts again at 1.

const config = (integrated: boolean) =>
  ({
    is_integrated_management: integrated,
    groups: [
      { id: 3, name: '공과대학' },
      { id: 5, name: '인문대학' },
    ],
  }) as Configuration;

beforeAll(async () => {
  await loadPageTexts();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the manager list filters', () => {
  it('debounce the search 500 ms, trimmed, and go back to page 1 when it settles', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListFilters(false));
    expect(result.current.q).toBeUndefined();
    act(() => result.current.setPage(3));
    act(() => result.current.setText('  kim '));
    expect(result.current.text).toBe('  kim ');
    expect(result.current.q).toBeUndefined();
    expect(result.current.page).toBe(3);
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.q).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.q).toBe('kim');
    expect(result.current.page).toBe(1);
    // A blank search is no search.
    act(() => result.current.setText('   '));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.q).toBeUndefined();
  });

  it('go back to page 1 when the group or one of the page’s own filters changes', () => {
    const { result, rerender } = renderHook(({ state }) => useListFilters(true, [state]), {
      initialProps: { state: 'all' },
    });
    act(() => result.current.setPage(4));
    rerender({ state: 'all' });
    expect(result.current.page).toBe(4);
    rerender({ state: 'complete' });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setGroup('5'));
    expect(result.current.page).toBe(1);
    expect(result.current.groupId).toBe(5);
  });

  it('send the group only with integrated management', () => {
    const { result, rerender } = renderHook(({ integrated }) => useListFilters(integrated), {
      initialProps: { integrated: false as boolean | undefined },
    });
    act(() => result.current.setGroup('3'));
    expect(result.current.groupId).toBeUndefined();
    rerender({ integrated: undefined });
    expect(result.current.groupId).toBeUndefined();
    rerender({ integrated: true });
    expect(result.current.groupId).toBe(3);
    act(() => result.current.setGroup(null));
    expect(result.current.groupId).toBeUndefined();
  });

  it('go back to page 1 when a later page fails, and only then', () => {
    const { result, rerender } = renderHook(
      ({ isError, page }) => {
        const setPage = vi.fn();
        useFirstPageOnError(isError, page, setPage);
        return setPage;
      },
      { initialProps: { isError: false, page: 3 } },
    );
    expect(result.current).not.toHaveBeenCalled();
    rerender({ isError: true, page: 1 });
    expect(result.current).not.toHaveBeenCalled();
    rerender({ isError: true, page: 3 });
    expect(result.current).toHaveBeenCalledWith(1);
  });
});

describe('the filter fields', () => {
  const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

  it('show the group filter only with integrated management, labelled and listing the groups', () => {
    const { unmount } = wrap(<GroupFilter config={config(false)} value={null} onChange={() => {}} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    unmount();
    wrap(<GroupFilter config={undefined} value={null} onChange={() => {}} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    cleanup();
    const onChange = vi.fn();
    wrap(<GroupFilter config={config(true)} value={null} onChange={onChange} />);
    const label = i18n.t('manager.users.group');
    const input = screen.getByRole('combobox', { name: label });
    expect(input.getAttribute('placeholder')).toBe(label);
    fireEvent.click(input);
    fireEvent.click(screen.getByRole('option', { name: '인문대학', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('5', expect.anything());
  });

  it('label the search by its placeholder and pass on what is typed', () => {
    const onChange = vi.fn();
    wrap(
      <SearchFilter
        label="Search users"
        value=""
        onChange={onChange}
        w={240}
        testId="manager-users-search"
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search users' });
    expect(input.getAttribute('placeholder')).toBe('Search users');
    expect(input.getAttribute('data-testid')).toBe('manager-users-search');
    fireEvent.change(input, { target: { value: 'lee' } });
    expect(onChange).toHaveBeenCalledWith('lee');
  });
});
