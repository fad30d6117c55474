/** A piece of code loaded on demand: `load` fetches it once, `loaded` is it once it is here. */
export interface CodeOnDemand<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

export function onDemand<M>(importer: () => Promise<M>): CodeOnDemand<M> {
  let loading: Promise<M> | null = null;
  let module: M | undefined;
  return {
    load() {
      loading ??= importer().then(
        (loadedModule) => {
          module = loadedModule;
          return loadedModule;
        },
        (error: unknown) => {
          // Offline, or a new version deployed: the next page that needs it asks again.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
