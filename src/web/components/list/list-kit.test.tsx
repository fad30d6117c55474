// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import type { PagedQuery } from './paged-query';
import { CAPPED_LAST_PAGE_HINT, Pager, QueryPager } from './pager';
import { SearchBox } from './search-box';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Pager', () => {
  it('words the range and the page, and steps back and forth', async () => {
    const onPage = vi.fn();
    render(<Pager page={2} pageSize={25} total={140} onPage={onPage} />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager.textContent).toContain('Showing 26–50 of 140');
    expect(pager.textContent).toContain('Page 2 of 6');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot go before the first or past the last page, nor while the next page loads', () => {
    const { rerender } = render(<Pager page={1} pageSize={25} total={20} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    rerender(<Pager page={2} pageSize={25} total={140} onPage={() => {}} busy />);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when a background refresh failed', () => {
    render(<Pager page={1} pageSize={25} total={3} onPage={() => {}} refreshFailed />);
    expect(screen.getByText("Couldn't refresh the list.")).toBeTruthy();
  });

  it("reads a capped total as '1,000+' and pages up to the 1,000th match (D17)", async () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager page={1} pageSize={25} total={1000} capped={{ shown: 25 }} onPage={onPage} />,
    );
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager.textContent).toContain('Showing 1–25 of 1,000+');
    expect(pager.textContent).toContain('Page 1 of 40');
    expect(pager.textContent).not.toContain(CAPPED_LAST_PAGE_HINT);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[2]]);

    // The last page it reaches holds the 1,000th match: no Next, and a word on why.
    rerender(<Pager page={40} pageSize={25} total={1000} capped={{ shown: 25 }} onPage={onPage} />);
    expect(pager.textContent).toContain('Showing 976–1000 of 1,000+');
    expect(pager.textContent).toContain(CAPPED_LAST_PAGE_HINT);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    // 24 a page: page 42 starts at the 985th and runs past the 1,000th, as far as its rows go.
    rerender(<Pager page={42} pageSize={24} total={1000} capped={{ shown: 24 }} onPage={onPage} />);
    expect(pager.textContent).toContain('Showing 985–1008 of 1,000+');
    expect(pager.textContent).toContain('Page 42 of 42');
    rerender(<Pager page={42} pageSize={24} total={1000} capped={{ shown: 17 }} onPage={onPage} />);
    expect(pager.textContent).toContain('Showing 985–1001 of 1,000+');
  });

  it('reads an exact total of 1,000 as it is', () => {
    render(<Pager page={40} pageSize={25} total={1000} onPage={() => {}} />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager.textContent).toContain('Showing 976–1000 of 1000');
    expect(pager.textContent).not.toContain('+');
    expect(pager.textContent).not.toContain(CAPPED_LAST_PAGE_HINT);
  });
});

describe('QueryPager', () => {
  const query = (data: PagedQuery<number>['data']): PagedQuery<number> => ({
    data,
    isFetching: false,
    isPlaceholderData: false,
    isError: false,
    error: null,
    refetch: () => {},
  });

  it("passes a list's total_capped and its rows on to the Pager", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const { rerender } = render(
      <QueryPager
        query={query({ items, total: 1000, total_capped: true, page: 2, pageSize: 25 })}
        onPage={() => {}}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager.textContent).toContain('Showing 26–50 of 1,000+');
    rerender(<QueryPager query={query({ items, total: 1000, page: 2, pageSize: 25 })} onPage={() => {}} />);
    expect(pager.textContent).toContain('Showing 26–50 of 1000');
  });
});

describe('SearchBox', () => {
  it('commits once typing pauses, once, trimmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onCommit = vi.fn();
    render(<SearchBox label="Search students" placeholder="Search..." value="" onCommit={onCommit} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), ' mwi ');
    expect(onCommit).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(onCommit.mock.calls).toEqual([['mwi']]);
  });

  it('commits at once when the box is left, so a link clicked right after typing is not overtaken', async () => {
    const onCommit = vi.fn();
    render(
      <>
        <SearchBox label="Search" placeholder="Search..." value="" onCommit={onCommit} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'kalundu');
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onCommit.mock.calls).toEqual([['kalundu']]);
    // The pause that follows commits nothing more.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('commits at once on Enter, and clears', async () => {
    const onCommit = vi.fn();
    render(<SearchBox label="Search" placeholder="Search..." value="" onCommit={onCommit} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'unza{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith('unza');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onCommit).toHaveBeenLastCalledWith('');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });
});

interface Row {
  id: string;
  name: string;
}

function table(props: Partial<DataTableProps<Row>>) {
  return render(
    <DataTable<Row>
      label="Students"
      columns={[{ header: 'Student', cell: (row) => row.name }]}
      rows={undefined}
      rowKey={(row) => row.id}
      card={(row) => <p>{row.name}</p>}
      emptyIcon={Users}
      emptyTitle="No students yet"
      emptyFilteredTitle="No students match"
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('shows each record once in the table and once as a card', () => {
    table({ rows: [{ id: '1', name: 'Mwila Chanda' }] });
    const grid = screen.getByRole('table', { name: 'Students' });
    expect(grid.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(grid.querySelector('tbody td')?.textContent).toBe('Mwila Chanda');
    expect(screen.getByRole('list', { name: 'Students' }).textContent).toBe('Mwila Chanda');
  });

  it('shows placeholder rows while the first page loads', () => {
    table({ rows: undefined, busy: true });
    const grid = screen.getByRole('table', { name: 'Students' });
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(grid.querySelectorAll('tbody tr').length).toBeGreaterThan(0);
  });

  it('picks the empty state that fits the filters', () => {
    const { rerender } = table({ rows: [], filtered: false });
    expect(screen.getByText('No students yet')).toBeTruthy();
    rerender(
      <DataTable<Row>
        label="Students"
        columns={[]}
        rows={[]}
        rowKey={(row) => row.id}
        card={() => null}
        emptyIcon={Users}
        emptyTitle="No students yet"
        emptyFilteredTitle="No students match"
        filtered
      />,
    );
    expect(screen.getByText('No students match')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the failure with a Retry button instead of the table', async () => {
    const onRetry = vi.fn();
    table({ error: { title: 'Failed to load students', message: 'Server down.', onRetry, retrying: false } });
    expect(screen.getByText('Failed to load students')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
