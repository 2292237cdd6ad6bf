import type { JournalEntry, JournalType, Mood } from '@bt/contracts';
import { api } from '../../../lib/api';

export interface JournalInput {
  title: string;
  content: string;
  type: JournalType;
  mood: Mood;
  tags: string[];
  date: string;
}

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
    updateEntry: build.mutation<JournalEntry, { id: string; body: JournalInput }>({
      query: ({ id, body }) => ({ url: `/journal/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Journal'],
    }),
    deleteEntry: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/journal/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Journal'],
    }),
  }),
});

export const { useGetJournalQuery, useCreateEntryMutation, useUpdateEntryMutation, useDeleteEntryMutation } = journalApi;
