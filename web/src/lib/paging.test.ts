import { expect } from 'chai';
import { pageWindow, paginate } from './paging';

describe('paging', () => {
  it('shows every page number when there are 5 or fewer pages', () => {
    expect(pageWindow(1, 3)).to.deep.equal([1, 2, 3]);
  });

  it('shows at most 5 page numbers, centred on the current page', () => {
    expect(pageWindow(6, 10)).to.deep.equal([4, 5, 6, 7, 8]);
  });

  it('keeps the window inside the first and last page', () => {
    expect(pageWindow(1, 10)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).to.deep.equal([6, 7, 8, 9, 10]);
  });

  it('has no page numbers without pages', () => {
    expect(pageWindow(1, 0)).to.deep.equal([]);
  });

  it('cuts rows into pages of the given size and clamps the page', () => {
    const rows = Array.from({ length: 13 }, (_, i) => i);
    expect(paginate(rows, 1, 6)).to.deep.equal({ page: 1, totalPages: 3, rows: [0, 1, 2, 3, 4, 5] });
    expect(paginate(rows, 3, 6).rows).to.deep.equal([12]);
    expect(paginate(rows, 9, 6).page).to.equal(3);
    expect(paginate([], 1, 6)).to.deep.equal({ page: 1, totalPages: 1, rows: [] });
  });
});
