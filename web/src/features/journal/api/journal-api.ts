import type { z } from 'zod';
import type { JournalEntry, journalAmendBody, journalBody } from '@bt/contracts';
import { api } from '../../../lib/api';

/** POST /api/journal body, as contracts' schema takes it. */
export type JournalInput = z.input<typeof journalBody>;
/** PUT /api/journal/:id body: what it leaves out of type, mood, tags and date stays. */
export type JournalAmendInput = z.input<typeof journalAmendBody>;

export const journalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJournal: build.query<JournalEntry[], void>({
      query: () => '/journal',
      providesTags: ['Journal'],
    }),
    createEntry: build.mutation<JournalEntry, JournalInput>({
      query: (body) => ({ url: '/journal', method: 'POST', body }),
      invalidatesTags: ['Journal'],
    }),
    updateEntry: build.mutation<JournalEntry, { id: string; body: JournalAmendInput }>({
      query: ({ id, body }) => ({ url: `/journal/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Journal'],
    }),
    deleteEntry: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/journal/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Journal'],
    }),
    restoreEntry: build.mutation<JournalEntry, string>({
      query: (id) => ({ url: `/journal/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['Journal'],
    }),
  }),
});

export const { useGetJournalQuery, useCreateEntryMutation, useUpdateEntryMutation, useDeleteEntryMutation, useRestoreEntryMutation } =
  journalApi;
