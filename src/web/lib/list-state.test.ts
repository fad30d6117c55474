import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defaultListState,
  filterParam,
  pageParam,
  parseListState,
  searchParam,
  serialiseListState,
} from './list-state';

const ListSchema = z.object({
  q: searchParam,
  colour: filterParam(['red', 'green']),
  sort: z.enum(['new', 'old']).default('new'),
  page: pageParam,
});

describe('parseListState', () => {
  it('reads each field from the URL', () => {
    expect(
      parseListState(ListSchema, new URLSearchParams('q=%20mwila%20&colour=green&sort=old&page=3')),
    ).toEqual({
      q: 'mwila',
      colour: 'green',
      sort: 'old',
      page: 3,
    });
  });

  it('falls back to the default for a missing or refused value, keeping the good ones', () => {
    expect(parseListState(ListSchema, new URLSearchParams(''))).toEqual(defaultListState(ListSchema));
    expect(parseListState(ListSchema, new URLSearchParams('colour=blue&sort=zzz&page=-2&q=ok'))).toEqual({
      q: 'ok',
      colour: '',
      sort: 'new',
      page: 1,
    });
    expect(parseListState(ListSchema, new URLSearchParams('page=1.5')).page).toBe(1);
    expect(parseListState(ListSchema, new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseListState(ListSchema, new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });
});

describe('serialiseListState', () => {
  it('leaves defaults out of the URL', () => {
    expect(serialiseListState(ListSchema, defaultListState(ListSchema)).toString()).toBe('');
  });

  it('writes what differs, in the schema order', () => {
    const state = { ...defaultListState(ListSchema), page: 2, q: 'a b', sort: 'old' as const };
    expect(serialiseListState(ListSchema, state).toString()).toBe('q=a+b&sort=old&page=2');
  });

  it('keeps the page’s other parameters and replaces its own', () => {
    const base = new URLSearchParams('open=abc&colour=red&page=4');
    const state = { ...defaultListState(ListSchema), colour: 'green' as const };
    expect(serialiseListState(ListSchema, state, base).toString()).toBe('open=abc&colour=green');
  });

  it('reads back what it wrote', () => {
    const state = { q: 'unza', colour: 'red' as const, sort: 'old' as const, page: 7 };
    expect(parseListState(ListSchema, serialiseListState(ListSchema, state))).toEqual(state);
  });
});
