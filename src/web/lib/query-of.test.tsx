// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, cleanAfterEach, json, stubApi } from '../testing/api-stub';
import { askEarly, forgetEarlyAnswers } from './api';
import { queryOf } from './query-of';

cleanAfterEach();
afterEach(forgetEarlyAnswers);

/** The server's stand-in: its n-th answer is `{ call: n }`. Returns the calls it answered. */
function countingServer() {
  const calls: ApiCall[] = stubApi(() => json({ call: calls.length }));
  return calls;
}

/** A list reading its address through queryOf; `shown` gets what each render showed, in order. */
function List({ shown }: { shown: string[] }) {
  const query = useQuery({ queryKey: ['list'], ...queryOf<{ call: number }>('/api/list?page=1') });
  const text = query.data ? `call ${query.data.call}` : 'Loading...';
  shown.push(text);
  return <p>{text}</p>;
}

function renderList(client: QueryClient) {
  const shown: string[] = [];
  render(
    <QueryClientProvider client={client}>
      <List shown={shown} />
    </QueryClientProvider>,
  );
  return shown;
}

describe('queryOf', () => {
  it('starts the query with the answer asked early once it has come: the first render has the data', async () => {
    const calls = countingServer();
    await askEarly('/api/list?page=1');
    // As the app's (app/query-client.ts): data stays fresh for 30 s after it came.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const shown = renderList(client);
    expect(shown[0]).toBe('call 1');
    // As fresh as the answer: not asked again on mounting.
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
    // Taken once: a later fetch of the address asks the server.
    await client.refetchQueries({ queryKey: ['list'] });
    expect(await screen.findByText('call 2')).toBeTruthy();
  });

  it('takes an answer still on its way through its fetch, as api.get does', async () => {
    const calls = countingServer();
    void askEarly('/api/list?page=1');
    const shown = renderList(new QueryClient());
    expect(shown[0]).toBe('Loading...');
    expect(await screen.findByText('call 1')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('asks the server when nothing was asked early', async () => {
    const calls = countingServer();
    const shown = renderList(new QueryClient());
    expect(shown[0]).toBe('Loading...');
    expect(await screen.findByText('call 1')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});
