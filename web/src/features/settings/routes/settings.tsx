import { useState } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { PageContainer, PageHeader } from '../../../components/page';
import { Skeleton } from '../../../components/skeleton';
import { tabPanelProps, Tabs } from '../../../components/tabs';
import { formatDate } from '../../../lib/format';
import { DEFAULT_SETTINGS, useGetSettingsQuery } from '../../../lib/preferences';
import { useSession } from '../../../lib/session';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccount } from '../components/delete-account';
import { DownloadMyData } from '../components/download-my-data';
import { LogOutEverywhere } from '../components/log-out-everywhere';
import { ApplyUnitSize } from '../components/apply-unit-size';
import { PreferencesForm } from '../components/preferences-form';
import { PublicProfileForm } from '../components/public-profile-form';
import { useGetProfileQuery } from '../api/profile-api';

type Tab = 'email' | 'password' | 'preferences';
const TABS = [
  { value: 'email', label: 'Change Email' },
  { value: 'password', label: 'Change Password' },
  { value: 'preferences', label: 'Preferences' },
] as const;
const ID = 'settings';

const Profile = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Narrow = styled.div`
  max-width: 640px;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

export function SettingsRoute() {
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('email');
  const settings = useGetSettingsQuery();
  const profile = useGetProfileQuery();
  return (
    <PageContainer>
      <PageHeader title="Account Settings" subtitle="Manage your e-mail address, password and preferences." />
      <Narrow>
        <Card aria-labelledby="profile-title">
          <CardHeader>
            <CardTitle id="profile-title">Profile Information</CardTitle>
          </CardHeader>
          <CardContent>
            <Profile>
              <div>
                <dt>Email</dt>
                <dd>{user?.email}</dd>
              </div>
              {user?.username && (
                <div>
                  <dt>Username</dt>
                  <dd>{user.username}</dd>
                </div>
              )}
              <div>
                <dt>Account created</dt>
                <dd>{user?.createdAt ? formatDate(user.createdAt) : 'Account active'}</dd>
              </div>
            </Profile>
          </CardContent>
        </Card>

        <Tabs idBase={ID} label="Account changes" tabs={TABS} value={tab} onChange={setTab} />
        <Card {...tabPanelProps(ID, 'email')} hidden={tab !== 'email'}>
          <CardHeader>
            <div>
              <CardTitle as="h2">Change Email</CardTitle>
              <CardDescription>Your new address is used to sign in.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>{tab === 'email' && <ChangeEmailForm />}</CardContent>
        </Card>
        <Card {...tabPanelProps(ID, 'password')} hidden={tab !== 'password'}>
          <CardHeader>
            <div>
              <CardTitle as="h2">Change Password</CardTitle>
              <CardDescription>Use at least 6 characters.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>{tab === 'password' && <ChangePasswordForm />}</CardContent>
        </Card>
        <Card {...tabPanelProps(ID, 'preferences')} hidden={tab !== 'preferences'}>
          <CardHeader>
            <div>
              <CardTitle as="h2">Preferences</CardTitle>
              <CardDescription>How prices show, and the stake you count as one unit.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {tab === 'preferences' &&
              (settings.isLoading ? (
                <Skeleton $height="120px" />
              ) : (
                <>
                  {/* Filled once the settings are read (the defaults when they cannot be); refilled after a save. */}
                  <PreferencesForm
                    key={JSON.stringify(settings.data ?? DEFAULT_SETTINGS)}
                    settings={{ ...DEFAULT_SETTINGS, ...(settings.data ?? {}) }}
                  />
                  <ApplyUnitSize />
                </>
              ))}
          </CardContent>
        </Card>

        <Card aria-labelledby="public-profile-title">
          <CardHeader>
            <div>
              <CardTitle as="h2" id="public-profile-title">
                Public profile
              </CardTitle>
              <CardDescription>Off unless you turn it on. Share a record anyone can read, from the day you choose.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {profile.isLoading ? (
              <Skeleton $height="120px" />
            ) : (
              // Refilled after a save, from what the server answered.
              <PublicProfileForm key={JSON.stringify(profile.data?.profile ?? null)} profile={profile.data?.profile ?? null} />
            )}
          </CardContent>
        </Card>

        <Card aria-labelledby="my-data-title">
          <CardHeader>
            <div>
              <CardTitle as="h2" id="my-data-title">
                Download my data
              </CardTitle>
              <CardDescription>Your whole record, yours to keep.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <DownloadMyData />
          </CardContent>
        </Card>

        <Card aria-labelledby="sessions-title">
          <CardHeader>
            <div>
              <CardTitle as="h2" id="sessions-title">
                Sessions
              </CardTitle>
              <CardDescription>Signs you out everywhere you are signed in, this device included.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <LogOutEverywhere />
          </CardContent>
        </Card>

        <Card aria-labelledby="delete-account-title">
          <CardHeader>
            <div>
              <CardTitle as="h2" id="delete-account-title">
                Delete account
              </CardTitle>
              <CardDescription>Erases your account and everything in it, for good.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <DeleteAccount />
          </CardContent>
        </Card>
      </Narrow>
    </PageContainer>
  );
}
