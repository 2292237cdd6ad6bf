import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'destructive' | 'secondary';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
}

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 36px;
    padding: 0 12px;
    font-size: 0.875rem;
  `,
  md: css`
    min-height: 40px;
    padding: 0 16px;
    font-size: 0.9375rem;
  `,
  lg: css`
    min-height: 48px;
    padding: 0 24px;
    font-size: 1rem;
  `,
  icon: css`
    min-height: 40px;
    min-width: 40px;
    padding: 0 8px;
  `,
};

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid transparent;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  ${({ $size }) => sizes[$size]}
  ${({ $variant, theme }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          &:hover:not(:disabled) {
            background: ${c.primaryHover};
          }
        `;
      case 'destructive':
        return css`
          background: ${c.destructive};
          color: ${c.onDestructive};
          &:hover:not(:disabled) {
            background: ${c.destructiveHover};
          }
        `;
      case 'outline':
        return css`
          background: ${c.surface};
          color: ${c.text};
          border-color: ${c.inputBorder};
          &:hover:not(:disabled) {
            background: ${c.surfaceMuted};
          }
        `;
      case 'secondary':
        return css`
          background: ${c.surfaceMuted};
          color: ${c.text};
          &:hover:not(:disabled) {
            background: ${c.border};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.text};
          &:hover:not(:disabled) {
            background: ${c.surfaceMuted};
          }
        `;
    }
  }}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; `type` defaults to "button" so only an explicit submit submits a form. */
export function Button({ variant = 'primary', size = 'md', type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} {...rest} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} {...rest} />;
}
