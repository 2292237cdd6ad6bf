import styled from 'styled-components';

/** The small square that marks a sport in a legend, in the sport's own colour. */
const Square = styled.span`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  flex-shrink: 0;
`;

export function SportSwatch({ color }: { color: string }) {
  return <Square data-swatch="" style={{ background: color }} aria-hidden="true" />;
}
