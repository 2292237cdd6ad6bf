import styled from 'styled-components';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { pageWindow } from '../lib/paging';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 4px;
`;

const PageButton = styled(Button)`
  min-width: 40px;
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}

export function Pagination({ page, totalPages, onChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label={label}>
      <Button variant="outline" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeftIcon />
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <PageButton
          key={n}
          variant="outline"
          size="sm"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </PageButton>
      ))}
      <Button variant="outline" size="sm" onClick={() => onChange(page + 1)} disabled={page >= totalPages} aria-label="Next page">
        <ChevronRightIcon />
      </Button>
    </Nav>
  );
}
