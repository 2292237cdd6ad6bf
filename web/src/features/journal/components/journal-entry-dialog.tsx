import { DEFAULTS, JOURNAL_TYPES, type JournalEntry, MESSAGES, MOODS, splitTags } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FieldGrid, FormActions, FormStack, Input, Select, Textarea } from '../../../components/field';
import { today } from '../../../lib/dates';
import { clearDraft, readDraft, useDraft, useUserKey } from '../../../lib/drafts';
import { JOURNAL_TYPE_LABELS, MOOD_LABELS } from '../../../lib/labels';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { useCreateEntryMutation, useUpdateEntryMutation, type JournalInput } from '../api/journal-api';

/** Type, Mood and Date side by side: the type takes the width of its longest label ("Daily Reflection" whole). */
const TypeMoodDate = styled(FieldGrid)`
  @media (min-width: 640px) {
    grid-template-columns: max-content minmax(0, 1fr) minmax(0, 1fr);
  }
`;

interface EntryFormValues {
  title: string;
  content: string;
  type: JournalInput['type'];
  mood: JournalInput['mood'];
  tags: string;
  date: string;
}

const valuesFrom = (entry: JournalEntry | null): EntryFormValues =>
  entry
    ? { title: entry.title, content: entry.content, type: entry.type, mood: entry.mood, tags: entry.tags.join(', '), date: entry.date }
    : { title: '', content: '', type: DEFAULTS.journalType, mood: DEFAULTS.journalMood, tags: '', date: today() };

/** The draft kept of a new entry, or of an edit of `entry`. */
export const journalDraftKey = (entry: JournalEntry | null): string => `journal:${entry?.id ?? 'new'}`;

const DraftNote = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function EntryForm({ entry, onDone }: { entry: JournalEntry | null; onDone: () => void }) {
  const userKey = useUserKey();
  const [restored] = useState(() => readDraft<EntryFormValues>(userKey, journalDraftKey(entry)));
  const [values, setValues] = useState<EntryFormValues>(() => restored ?? valuesFrom(entry));
  const [typed, setTyped] = useState(false);
  useDraft(journalDraftKey(entry), values, typed);
  const [createEntry, { isLoading: creating }] = useCreateEntryMutation();
  const [updateEntry, { isLoading: updating }] = useUpdateEntryMutation();
  const set = <K extends keyof EntryFormValues>(key: K, value: EntryFormValues[K]) => {
    setTyped(true);
    setValues((v) => ({ ...v, [key]: value }));
  };
  /** The empty required fields, marked under each as the bet form marks its own (the toast stays too). */
  const [missing, setMissing] = useState<{ title?: string; content?: string }>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.title.trim() || !values.content.trim()) {
      setMissing({
        title: values.title.trim() ? undefined : MESSAGES.journalMissing,
        content: values.content.trim() ? undefined : MESSAGES.journalMissing,
      });
      focusFirstInvalid(event.currentTarget);
      toast({ variant: 'destructive', title: 'Missing information', description: MESSAGES.journalMissing });
      return;
    }
    setMissing({});
    const body: JournalInput = {
      title: values.title.trim(),
      content: values.content.trim(),
      type: values.type,
      mood: values.mood,
      tags: splitTags(values.tags),
      date: values.date || today(),
    };
    if (entry) {
      try {
        await updateEntry({ id: entry.id, body }).unwrap();
        toast({ title: 'Journal entry updated' });
        onDone();
      } catch {
        toast({ variant: 'destructive', title: 'Failed to update entry', description: 'Please try again.' });
      }
    } else {
      try {
        await createEntry(body).unwrap();
        toast({ title: 'Journal entry saved' });
        onDone();
      } catch {
        toast({ variant: 'destructive', title: 'Failed to save entry', description: 'Please try again.' });
      }
    }
  };

  const busy = creating || updating;
  return (
    <FormStack onSubmit={onSubmit} noValidate>
      {restored && <DraftNote role="status">Restored your unsaved draft.</DraftNote>}
      <Field label="Title" error={missing.title} required>
        {(props) => (
          <Input
            {...props}
            placeholder="e.g., Sunday slate review"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <TypeMoodDate>
        <Field label="Type">
          {(props) => (
            <Select {...props} value={values.type} onChange={(e) => set('type', e.target.value as EntryFormValues['type'])}>
              {JOURNAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {JOURNAL_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Mood">
          {(props) => (
            <Select {...props} value={values.mood} onChange={(e) => set('mood', e.target.value as EntryFormValues['mood'])}>
              {MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {MOOD_LABELS[mood]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Date">
          {(props) => <Input {...props} type="date" value={values.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
      </TypeMoodDate>
      <Field label="Content" error={missing.content} required>
        {(props) => (
          <Textarea
            {...props}
            rows={6}
            placeholder="What went well, what didn't, and what you will do differently..."
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
          />
        )}
      </Field>
      <Field label="Tags" hint="Separate tags with commas.">
        {(props) => (
          <Input
            {...props}
            placeholder="e.g., discipline, NFL, bankroll"
            value={values.tags}
            onChange={(e) => set('tags', e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {entry ? (busy ? 'Updating...' : 'Update Entry') : busy ? 'Saving...' : 'Save Entry'}
        </Button>
      </FormActions>
    </FormStack>
  );
}

interface JournalEntryDialogProps {
  open: boolean;
  /** The entry to edit; null writes a new one. */
  entry: JournalEntry | null;
  onClose: () => void;
}

/** Closed in any way (saved, cancelled, dismissed), the form's draft goes; it stays only when the page goes (a session ending). */
export function JournalEntryDialog({ open, entry, onClose }: JournalEntryDialogProps) {
  const userKey = useUserKey();
  const close = () => {
    clearDraft(userKey, journalDraftKey(entry));
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={entry ? 'Edit Journal Entry' : 'New Journal Entry'}
      description="Reflect on your bets, your decisions and your mindset."
    >
      <EntryForm entry={entry} onDone={close} />
    </Dialog>
  );
}
