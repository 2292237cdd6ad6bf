import styled from 'styled-components';

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  summary {
    cursor: pointer;
    padding: 14px 16px;
    font-weight: 650;
  }
  p {
    padding: 0 16px 14px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Questions that open in place (native <details>, keyboard accessible as is). */
export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <List>
      {entries.map((entry) => (
        <Item key={entry.question}>
          <summary>{entry.question}</summary>
          <p>{entry.answer}</p>
        </Item>
      ))}
    </List>
  );
}
