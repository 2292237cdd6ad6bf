import { expect } from 'chai';
import { createEventStore, eventStoreKind } from './create-event-store';

describe('choosing the event store by URL', () => {
  it('uses Postgres for postgres:// and postgresql:// URLs', () => {
    expect(eventStoreKind('postgres://u:p@localhost:5432/db')).to.equal('postgres');
    expect(eventStoreKind('postgresql://localhost/db')).to.equal('postgres');
  });

  it('uses EventStoreDB for esdb:// and esdb+discover:// URLs, whatever their case', () => {
    expect(eventStoreKind('esdb://localhost:2113?tls=false')).to.equal('eventstoredb');
    expect(eventStoreKind('ESDB+discover://cluster.example:2113')).to.equal('eventstoredb');
  });

  it('refuses any other URL, naming the schemes it takes', async () => {
    expect(() => eventStoreKind('mysql://localhost/db')).to.throw(/postgres:\/\/.*esdb:\/\/.*got mysql:\/\//);
    expect(() => eventStoreKind('localhost:5432')).to.throw(/no scheme/);
    const error = await createEventStore('http://localhost').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/EVENTSTORE_URL must start with/);
  });

  it('creates an EventStoreDB store without connecting until it is used', async () => {
    const store = await createEventStore('esdb://localhost:1?tls=false');
    await store.close();
  });
});
