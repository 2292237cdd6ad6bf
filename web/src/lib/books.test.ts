import { COMMON_BOOKS } from '@bt/contracts';
import { expect } from 'chai';
import { bookSuggestions } from './books';

describe('book suggestions', () => {
  it('suggests the common books when the bettor has none', () => {
    expect(bookSuggestions([])).to.deep.equal([...COMMON_BOOKS]);
  });

  it('puts the bettor’s own books first, most used, then the common ones not used yet', () => {
    const rows = [{ book: 'Pinnacle' }, { book: 'Local Book' }, { book: 'pinnacle' }, { book: null }, { book: ' ' }, {}];
    const books = bookSuggestions(rows);
    expect(books.slice(0, 2)).to.deep.equal(['Pinnacle', 'Local Book']);
    expect(books.filter((b) => b.toLowerCase() === 'pinnacle')).to.have.length(1);
    expect(books).to.have.length(COMMON_BOOKS.length + 1);
  });
});
