// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Grid, List, Users } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HiddenLabelSelect } from '../ui';
import { CardList } from './list-body';
import { FilterSelect, ViewSwitch } from './list-filters';
import { ListScreen } from './list-screen';
import type { PagedQuery } from './paged-query';
import { countTiles } from './stat-tiles';
import { useDeleteConfirm } from './use-delete-confirm';

afterEach(cleanup);

const page = (items: string[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });
const query = (over: Partial<PagedQuery<string>>): PagedQuery<string> => ({
  isFetching: false,
  isPlaceholderData: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe('ListScreen', () => {
  it('shows the title, the main action only when given, the tiles and the search, and a link error', async () => {
    const onAdd = vi.fn();
    const onSelect = vi.fn();
    const update = vi.fn();
    const { rerender } = render(
      <ListScreen
        list={{ state: { q: 'lamp', kind: '' }, update }}
        title="Things"
        description="All the things"
        main={{ label: 'Add Thing', onClick: onAdd }}
        tiles={{
          label: 'Things by kind',
          tiles: [{ key: 'a', label: 'Kind A', icon: Users, tone: 'sky', value: 3 }],
          selected: '',
          onSelect,
          loading: false,
        }}
        search={{ label: 'Search things', placeholder: 'Search...' }}
        filters={[
          { key: 'kind', label: 'Kind', all: 'All Kinds', values: ['a', 'b'], labels: { a: 'A', b: 'B' } },
        ]}
        linkError="Thing not found"
      >
        <p>body</p>
      </ListScreen>,
    );
    expect(screen.getByRole('heading', { name: 'Things' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Thing' }));
    expect(onAdd).toHaveBeenCalledOnce();
    const tiles = screen.getByRole('region', { name: 'Things by kind' });
    await userEvent.click(within(tiles).getByRole('button', { name: /Kind A/ }));
    expect(onSelect).toHaveBeenCalledWith('a');
    expect((screen.getByRole('searchbox', { name: 'Search things' }) as HTMLInputElement).value).toBe('lamp');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'b');
    expect(update).toHaveBeenCalledWith({ kind: 'b' });
    expect(screen.getByRole('alert').textContent).toBe('Thing not found');

    rerender(
      <ListScreen
        list={{ state: { q: 'lamp', kind: '' }, update }}
        title="Things"
        description="All the things"
        main={false}
        search={{ label: 'Search things', placeholder: 'Search...' }}
      >
        <p>body</p>
      </ListScreen>,
    );
    expect(screen.queryByRole('button', { name: 'Add Thing' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CardList', () => {
  const list = (q: PagedQuery<string>, table?: React.ReactNode) => (
    <CardList
      label="Things"
      listLabel="Thing list"
      query={q}
      onPage={() => {}}
      failure={{ title: "Couldn't load the things", message: (e) => String(e) }}
      empty={{ title: 'No things yet.' }}
      layout="grid"
      skeletonClassName="h-10"
      itemKey={(t) => t}
      renderItem={(t) => <span>card {t}</span>}
      table={table}
    />
  );

  it('waits, then fails with Retry, then says when there is nothing, then lists the cards with a pager', async () => {
    const { rerender } = render(list(query({ isFetching: true })));
    expect(screen.getByRole('region', { name: 'Things' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('list')).toBeNull();

    const failed = query({ isError: true, error: 'offline' });
    rerender(list(failed));
    expect(screen.getByText("Couldn't load the things")).toBeTruthy();
    expect(screen.getByText('offline')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledOnce();

    rerender(list(query({ data: page([]) })));
    expect(screen.getByText('No things yet.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();

    rerender(list(query({ data: page(['a', 'b'], 30), isPlaceholderData: true })));
    const cards = screen.getByRole('list', { name: 'Thing list' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['card a', 'card b']);
    expect(cards.className).toContain('opacity-60');
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('of 30');
  });

  it('shows the table instead of the cards in the List view', () => {
    render(list(query({ data: page(['a']) }), <table aria-label="Thing table" />));
    expect(screen.getByRole('table', { name: 'Thing table' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Thing list' })).toBeNull();
  });
});

describe('FilterSelect and ViewSwitch', () => {
  it("offers 'All' then each value by its label, and says which view is on", async () => {
    const onChange = vi.fn();
    const onView = vi.fn();
    render(
      <>
        <FilterSelect
          label="Kind"
          all="All Kinds"
          value=""
          values={['a', 'b'] as const}
          labelOf={{ a: 'Kind A', b: 'Kind B' }}
          onChange={onChange}
        />
        <ViewSwitch
          views={[
            ['', 'Grid', Grid],
            ['list', 'List', List],
          ]}
          value=""
          onChange={onView}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Kind' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Kinds', 'Kind A', 'Kind B']);
    await userEvent.selectOptions(select, 'b');
    expect(onChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(onView).toHaveBeenCalledWith('list');
  });
});

function Harness({ mutate, onDeleted }: { mutate: () => void; onDeleted: (r: { id: string }) => void }) {
  const deletion = useDeleteConfirm<{ id: string; name: string }>({
    mutation: {
      isPending: false,
      mutate: (id, handlers) => {
        mutate();
        expect(id).toBe('t1');
        handlers.onSuccess();
        handlers.onSettled();
      },
    },
    noun: 'thing',
    message: (r) => `Delete ${r.name}?`,
    deleted: 'Thing deleted.',
    reasonOf: String,
    onDeleted,
  });
  return (
    <>
      <button type="button" onClick={() => deletion.ask({ id: 't1', name: 'Lamp' })}>
        ask
      </button>
      {deletion.dialog}
    </>
  );
}

describe('useDeleteConfirm', () => {
  it('asks with the record named, deletes it by id on Delete, then closes', async () => {
    const mutate = vi.fn();
    const onDeleted = vi.fn();
    render(<Harness mutate={mutate} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete thing' });
    expect(dialog.textContent).toContain('Delete Lamp?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(mutate).toHaveBeenCalledOnce();
    expect(onDeleted).toHaveBeenCalledWith({ id: 't1', name: 'Lamp' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('tiles that filter by an address parameter', () => {
  const look = {
    labels: { a: 'Kind A', b: 'Kind B' },
    icons: { a: Users, b: Grid },
    tones: { a: 'sky', b: 'amber' },
  } as const;
  const renderKinds = (kind: string, update: (changes: object) => void) =>
    render(
      <ListScreen
        list={{ state: { q: '', kind }, update }}
        title="Things"
        description="All the things"
        tiles={{
          label: 'Things by kind',
          tiles: countTiles(['a', 'b'], look, { a: 4 }),
          filter: 'kind',
          loading: false,
        }}
        search={{ label: 'Search things', placeholder: 'Search...' }}
      >
        <p>body</p>
      </ListScreen>,
    );

  it('counts each kind (0 when the answer has none), marks the one in the address, and toggles it', async () => {
    const update = vi.fn();
    renderKinds('a', update);
    const tiles = within(screen.getByRole('region', { name: 'Things by kind' })).getAllByRole('button');
    expect(tiles.map((t) => t.textContent)).toEqual([
      expect.stringContaining('4'),
      expect.stringContaining('0'),
    ]);
    expect(tiles.map((t) => t.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    await userEvent.click(tiles[1]!);
    expect(update).toHaveBeenLastCalledWith({ kind: 'b' });
    await userEvent.click(tiles[0]!);
    expect(update).toHaveBeenLastCalledWith({ kind: '' });
  });
});

describe('HiddenLabelSelect', () => {
  it('is named by a label only screen readers see, in the box the row gives it', () => {
    render(
      <HiddenLabelSelect
        label="Status"
        boxClassName="sm:w-44"
        id="thing-status"
        options={[{ value: '', label: 'All' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select.id).toBe('thing-status');
    expect(screen.getByText('Status').className).toBe('sr-only');
    expect(select.closest('.sm\\:w-44')).toBeTruthy();
  });
});
