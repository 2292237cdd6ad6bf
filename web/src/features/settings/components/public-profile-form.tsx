import { PROFILE_SPORTS, profileBody, type ProfileSettings, type ProfileSport } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Checkbox, Field, FieldGrid, FormActions, FormStack, Input, Select } from '../../../components/field';
import { isHttpError, serverMessageOr } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/form-errors';
import { SPORT_LABELS } from '../../../lib/labels';
import { toast } from '../../../lib/toast';
import { useUpdateProfileMutation } from '../api/profile-api';

const SPORT_NAMES: Record<ProfileSport, string> = { ...SPORT_LABELS, parlay: 'Parlays' };

type Errors = Partial<Record<'handle' | 'sports' | 'units' | 'since' | 'enabled', string>>;

const SportChoices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  legend {
    font-size: 0.875rem;
    font-weight: 600;
    margin-bottom: 4px;
  }
`;

const PageLink = styled.p`
  font-size: 0.9375rem;
  overflow-wrap: anywhere;
`;

/**
 * Settings › Public profile: off by default; a handle, which sports, money or units only, and from
 * which day. The page's link shows while it is on; turning it off takes the page down at once.
 */
export function PublicProfileForm({ profile }: { profile: ProfileSettings | null }) {
  const [enabled, setEnabled] = useState(profile?.enabled ?? false);
  const [handle, setHandle] = useState(profile?.handle ?? '');
  const [allSports, setAllSports] = useState(profile === null || profile.sports === 'all');
  const [sports, setSports] = useState<ProfileSport[]>(profile && profile.sports !== 'all' ? profile.sports : []);
  const [units, setUnits] = useState(profile?.units ?? false);
  const [since, setSince] = useState(profile?.since ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileBody.safeParse({ handle, enabled, sports: allSports ? 'all' : sports, units, since: since || null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const saved = await updateProfile(parsed.data).unwrap();
      toast({ title: saved.profile?.enabled ? 'Public profile on' : 'Public profile off' });
    } catch (cause) {
      // A taken handle is the handle's error, beside it.
      if (isHttpError(cause) && (cause.status === 409 || cause.status === 400)) {
        setErrors({ handle: serverMessageOr(cause, 'This handle cannot be used') });
        return;
      }
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to save the public profile') });
    }
  };

  const toggleSport = (sport: ProfileSport, on: boolean) =>
    setSports((list) => (on ? [...list.filter((s) => s !== sport), sport] : list.filter((s) => s !== sport)));

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-label="Public profile">
      <Checkbox
        label="Show my public profile"
        checked={enabled}
        onChange={setEnabled}
        hint="Anyone with the link sees your record and the bets you choose. Notes and books stay private."
      />
      <Field label="Handle" error={errors.handle} hint="3 to 30 of a-z, 0-9, _ and -." required>
        {(props) => (
          <Input
            {...props}
            value={handle}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="e.g., sharp_sam"
            onChange={(e) => {
              setHandle(e.target.value);
              setErrors((v) => ({ ...v, handle: undefined }));
            }}
          />
        )}
      </Field>
      <FieldGrid>
        <Field label="Sports shown" error={errors.sports}>
          {(props) => (
            <Select {...props} value={allSports ? 'all' : 'chosen'} onChange={(e) => setAllSports(e.target.value === 'all')}>
              <option value="all">All sports</option>
              <option value="chosen">Chosen sports</option>
            </Select>
          )}
        </Field>
        <Field label="Amounts" error={errors.units}>
          {(props) => (
            <Select {...props} value={units ? 'units' : 'money'} onChange={(e) => setUnits(e.target.value === 'units')}>
              <option value="money">Money and units</option>
              <option value="units">Units only (no money)</option>
            </Select>
          )}
        </Field>
      </FieldGrid>
      {!allSports && (
        <SportChoices>
          <legend>Show these</legend>
          {PROFILE_SPORTS.map((sport) => (
            <Checkbox key={sport} label={SPORT_NAMES[sport]} checked={sports.includes(sport)} onChange={(on) => toggleSport(sport, on)} />
          ))}
        </SportChoices>
      )}
      <Field label="Bets from" error={errors.since} hint="Blank: every bet.">
        {(props) => <Input {...props} type="date" value={since} onChange={(e) => setSince(e.target.value)} />}
      </Field>
      {profile?.enabled && (
        <PageLink>
          Your public page: <a href={profile.path}>{profile.path}</a>
        </PageLink>
      )}
      <FormActions>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Public Profile'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
