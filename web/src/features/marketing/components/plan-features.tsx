import styled from 'styled-components';
import { CheckIcon } from '../../../components/icons';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  text-align: left;
  li {
    display: flex;
    align-items: flex-start;
    gap: 10px;
  }
  svg {
    flex-shrink: 0;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.win};
  }
`;

export function PlanFeatures({ features, label }: { features: readonly string[]; label: string }) {
  return (
    <List aria-label={label}>
      {features.map((feature) => (
        <li key={feature}>
          <CheckIcon />
          {feature}
        </li>
      ))}
    </List>
  );
}
