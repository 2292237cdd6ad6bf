import { localOffset } from '../lib/start-time';
import { Field, Input } from './field';

interface StartsAtFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  label?: string;
}

/** "Event starts": a local date and time; the hint names the offset it is sent with (the browser's). */
export function StartsAtField({ value, error, onChange, label = 'Event starts' }: StartsAtFieldProps) {
  const at = value ? new Date(value) : new Date();
  const offset = localOffset(Number.isNaN(at.getTime()) ? new Date() : at);
  return (
    <Field label={label} error={error} hint={`Optional. Your time (UTC${offset}).`}>
      {(props) => <Input {...props} type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
