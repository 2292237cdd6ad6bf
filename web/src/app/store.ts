import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { setupRefetchTriggers } from '../lib/refetch-triggers';

export const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
});

// setupListeners with focus, reconnect and "the server answers again" as refetch triggers.
setupRefetchTriggers(store.dispatch);

export type AppDispatch = typeof store.dispatch;
