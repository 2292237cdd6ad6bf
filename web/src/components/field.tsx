import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

const control = css`
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1rem;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.destructive};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
  padding-right: 32px;
`;

export const Textarea = styled.textarea`
  ${control}
  resize: vertical;
  min-height: 80px;
`;

export const Label = styled.label`
  display: block;
  font-size: 0.875rem;
  font-weight: 600;
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Hint = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: 0.8125rem;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.destructive};
`;

const LabelRow = styled.div`
  display: flex;
  gap: 4px;
`;

/** The visual 'required' star sits beside the label, so the label text (the control's name) stays exact. */
const RequiredMark = styled.span.attrs({ 'aria-hidden': true, children: '*' })`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.destructive};
`;

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** Shown under the control and announced with it. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
  className?: string;
}

/** A labelled form control: `children` receives the id and ARIA wiring for the control. */
export function Field({ label, error, hint, required, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldBox className={className}>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        {required && <RequiredMark />}
      </LabelRow>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldBox>
  );
}

/** A responsive grid of fields: one column on phones, `columns` from the small breakpoint. */
export const FieldGrid = styled.div<{ $columns?: number }>`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(${({ $columns = 2 }) => $columns}, minmax(0, 1fr));
  }
`;

export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`;

/** A checkbox with its label beside it (the label names it). */
const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  font-size: 0.9375rem;
  font-weight: 600;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}

export function Checkbox({ label, checked, onChange, hint }: CheckboxProps) {
  const id = useId();
  return (
    <FieldBox>
      <CheckboxLabel htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {label}
      </CheckboxLabel>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </FieldBox>
  );
}

/**
 * A sportsbook input that suggests `books` (the bettor's own, most used first, then the common
 * ones) from a datalist; one for the bet form and the parlay builder.
 */
export function BookInput({ books, ...props }: ComponentPropsWithoutRef<'input'> & { books: readonly string[] }) {
  const listId = useId();
  return (
    <>
      <Input {...props} list={listId} placeholder="e.g., DraftKings" autoComplete="off" />
      <datalist id={listId}>
        {books.map((book) => (
          <option key={book} value={book} />
        ))}
      </datalist>
    </>
  );
}
