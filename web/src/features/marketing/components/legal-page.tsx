import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageContainer } from '../../../components/page';

const Article = styled.article`
  max-width: 800px;
  width: 100%;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 24px;
  h1 {
    font-size: 2rem;
    font-weight: 750;
  }
  h2 {
    font-size: 1.25rem;
    margin-bottom: 8px;
  }
  h3 {
    font-size: 1rem;
    margin: 12px 0 4px;
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    margin: 8px 0 0;
    padding-left: 22px;
  }
  li + li {
    margin-top: 4px;
  }
`;

const Updated = styled.p`
  margin-top: 4px;
`;

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalPage({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <PageContainer>
      <Article>
        <header>
          <h1>{title}</h1>
          <Updated>Last updated: January 2025</Updated>
        </header>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body}
          </section>
        ))}
      </Article>
    </PageContainer>
  );
}
