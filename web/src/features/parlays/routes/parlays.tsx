import type { Parlay } from '@bt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { tabPanelProps, Tabs } from '../../../components/tabs';
import { useGetParlaysQuery } from '../api/parlays-api';
import { ParlayBuilder } from '../components/parlay-builder';
import { ParlayHistory } from '../components/parlay-history';

type Tab = 'builder' | 'history';
const TABS = [
  { value: 'builder', label: 'Builder' },
  { value: 'history', label: 'History' },
] as const;
const ID = 'parlays';

export function ParlaysRoute() {
  const [tab, setTab] = useState<Tab>('builder');
  const [editing, setEditing] = useState<Parlay | null>(null);
  /** Bumped after each save so the builder starts over. */
  const [formKey, setFormKey] = useState(0);
  const [searchParams, setSearchParams] = useSearchParams();
  const parlaysQuery = useGetParlaysQuery();
  const parlays = parlaysQuery.data;

  // Bet History links a parlay row's Edit here as /parlays?edit=<id>.
  const editId = searchParams.get('edit');
  useEffect(() => {
    if (!editId || !parlays) return;
    const parlay = parlays.find((p) => p.id === editId);
    if (parlay) {
      setEditing(parlay);
      setTab('builder');
      setFormKey((k) => k + 1);
    }
    setSearchParams({}, { replace: true });
  }, [editId, parlays, setSearchParams]);

  const startEdit = (parlay: Parlay) => {
    setEditing(parlay);
    setFormKey((k) => k + 1);
    setTab('builder');
    window.scrollTo({ top: 0 });
  };

  const finishEdit = (saved: boolean) => {
    setEditing(null);
    setFormKey((k) => k + 1);
    if (saved) setTab('history');
  };

  return (
    <PageContainer>
      <PageHeader title="Parlay Builder" subtitle="Combine legs into a parlay and see its odds before you save it." />
      <Tabs idBase={ID} label="Parlays" tabs={TABS} value={tab} onChange={setTab} />
      <div {...tabPanelProps(ID, 'builder')} hidden={tab !== 'builder'}>
        {editId && queryView(parlaysQuery) === 'error' && (
          <QueryError
            what="the parlay to edit"
            error={parlaysQuery.error}
            onRetry={parlaysQuery.refetch}
            retrying={parlaysQuery.isFetching}
          />
        )}
        <ParlayBuilder
          key={`${editing?.id ?? 'new'}-${formKey}`}
          editing={editing}
          onSaved={() => finishEdit(true)}
          onCancelEdit={() => finishEdit(false)}
        />
      </div>
      <div {...tabPanelProps(ID, 'history')} hidden={tab !== 'history'}>
        {tab === 'history' && <ParlayHistory onEdit={startEdit} />}
      </div>
    </PageContainer>
  );
}
