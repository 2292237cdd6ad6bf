import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  min-width: 0;
`;

export const CardHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 12px;
  padding: 16px 16px 0;
  @media (min-width: 640px) {
    padding: 20px 20px 0;
  }
`;

export const CardTitle = styled.h2`
  font-size: 1.125rem;
  font-weight: 650;
  line-height: 1.3;
`;

export const CardDescription = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

export const CardContent = styled.div`
  padding: 16px;
  @media (min-width: 640px) {
    padding: 20px;
  }
`;
