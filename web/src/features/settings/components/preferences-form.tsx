import { MESSAGES, ODDS_FORMATS, type OddsFormat, type Settings, settingsBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Field, FieldGrid, FormActions, FormStack, Input, Select } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/form-errors';
import { ODDS_PLACEHOLDERS } from '../../../lib/preferences';
import { toast } from '../../../lib/toast';
import { useUpdateSettingsMutation } from '../api/settings-api';

const FORMAT_LABELS: Record<OddsFormat, string> = {
  american: 'American',
  decimal: 'Decimal',
  fractional: 'Fractional',
};

type Errors = Partial<Record<'oddsFormat' | 'unitSize', string>>;

/** How prices show everywhere (American +150, decimal 2.50, fractional 3/2) and the unit size (blank: none). */
export function PreferencesForm({ settings }: { settings: Settings }) {
  const [oddsFormat, setOddsFormat] = useState<OddsFormat>(settings.oddsFormat);
  const [unitSize, setUnitSize] = useState(settings.unitSize === null ? '' : String(settings.unitSize));
  const [errors, setErrors] = useState<Errors>({});
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsBody.safeParse({ oddsFormat, unitSize: unitSize.trim() === '' ? null : unitSize });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await updateSettings(parsed.data).unwrap();
      toast({ title: MESSAGES.preferencesSaved });
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to save preferences') });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <FieldGrid>
        <Field label="Odds format" error={errors.oddsFormat} hint={`Prices show like ${ODDS_PLACEHOLDERS[oddsFormat]}.`}>
          {(props) => (
            <Select {...props} value={oddsFormat} onChange={(e) => setOddsFormat(e.target.value as OddsFormat)}>
              {ODDS_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Unit size ($)" error={errors.unitSize} hint="Blank for none. New bets record it; older bets keep theirs.">
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="e.g., 20"
              value={unitSize}
              onChange={(e) => {
                setUnitSize(e.target.value);
                setErrors((v) => ({ ...v, unitSize: undefined }));
              }}
            />
          )}
        </Field>
      </FieldGrid>
      <FormActions>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Preferences'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
