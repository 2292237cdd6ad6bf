import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { DownloadIcon } from '../../../components/icons';
import { serverMessageOr } from '../../../lib/api-error';
import { today } from '../../../lib/dates';
import { downloadFile, formatBytes } from '../../../lib/download';
import { toast } from '../../../lib/toast';

/** The two files of "Download my data": the event log, every change as it was recorded, and the bets as a spreadsheet. */
const FILES = [
  {
    key: 'events',
    label: 'Download event log',
    description: 'Every change to your account, bets, goals and journal as it was recorded (NDJSON).',
    url: '/events',
    accept: 'application/x-ndjson',
    name: (day: string) => `bet-tracker-events-${day}.ndjson`,
  },
  {
    key: 'bets',
    label: 'Download bets CSV',
    description: 'Your bets and parlays as a spreadsheet (CSV).',
    url: '/export/bets.csv',
    accept: 'text/csv',
    name: (day: string) => `bet-tracker-bets-${day}.csv`,
  },
] as const;

type FileKey = (typeof FILES)[number]['key'];

/** How far a file has come: bytes so far, and whether it is saved. */
interface Progress {
  bytes: number;
  done: boolean;
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 6px;
  }
  p {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.span`
  font-size: 0.875rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/** Settings' "Download my data": each file with the bytes received so far while it downloads. */
export function DownloadMyData() {
  const [progress, setProgress] = useState<Partial<Record<FileKey, Progress>>>({});

  const download = async (file: (typeof FILES)[number]) => {
    const show = (next: Progress) => setProgress((current) => ({ ...current, [file.key]: next }));
    show({ bytes: 0, done: false });
    try {
      const bytes = await downloadFile({
        url: file.url,
        accept: file.accept,
        filename: file.name(today()),
        fallbackName: file.name(today()),
        onProgress: (received) => show({ bytes: received, done: false }),
      });
      show({ bytes, done: true });
    } catch (cause) {
      setProgress((current) => ({ ...current, [file.key]: undefined }));
      toast({ variant: 'destructive', title: 'Download failed', description: serverMessageOr(cause, 'Please try again.') });
    }
  };

  return (
    <List>
      {FILES.map((file) => {
        const state = progress[file.key];
        const busy = state !== undefined && !state.done;
        return (
          <li key={file.key}>
            <Button variant="outline" onClick={() => void download(file)} disabled={busy}>
              <DownloadIcon />
              {busy ? 'Downloading...' : file.label}
            </Button>
            <p>{file.description}</p>
            <Status role="status" aria-live="polite" data-file={file.key}>
              {state === undefined
                ? ''
                : state.done
                  ? `${formatBytes(state.bytes)} downloaded. Saved as ${file.name(today())}`
                  : `${formatBytes(state.bytes)} downloaded`}
            </Status>
          </li>
        );
      })}
    </List>
  );
}
