import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: '1. Information We Collect',
    body: (
      <>
        <p>We collect only what you give us to run the tracker:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your e-mail address, optional username and a securely hashed password.
          </li>
          <li>
            <strong>Betting data:</strong> the bets and parlays you enter by hand — sport, event, bet type, odds, stake, outcome, dates and
            notes.
          </li>
          <li>
            <strong>Goals:</strong> the profit goals you set, their targets, timeframes and status.
          </li>
          <li>
            <strong>Journal:</strong> the entries you write, with their type, mood and tags.
          </li>
          <li>
            <strong>Bankroll:</strong> the funds you record as added to or withdrawn from your bankroll.
          </li>
          <li>
            <strong>Technical data:</strong> basic logs such as request times, browser type and IP address, kept to operate and secure the
            service.
          </li>
        </ul>
      </>
    ),
  },
  {
    heading: '2. How We Use Your Information',
    body: (
      <ul>
        <li>To store your records and compute your statistics, charts, streaks and goal progress.</li>
        <li>To sign you in and keep your account secure.</li>
        <li>To answer your support requests.</li>
        <li>To improve the product, using aggregated data that does not identify you.</li>
      </ul>
    ),
  },
  {
    heading: '3. Data Security',
    body: (
      <p>
        Your data travels over encrypted connections and is stored with access controls. Passwords are hashed and never stored in plain
        text. Each account can only read its own records.
      </p>
    ),
  },
  {
    heading: '4. Data Sharing',
    body: (
      <p>
        We do not sell your data. We do not share it with sportsbooks, advertisers or data brokers. We share it only where the law requires
        us to.
      </p>
    ),
  },
  {
    heading: '5. Your Rights',
    body: (
      <>
        <p>You can at any time:</p>
        <ul>
          <li>access the data we hold about you;</li>
          <li>correct anything that is wrong;</li>
          <li>delete your records or your whole account;</li>
          <li>export your bets as CSV;</li>
          <li>opt out of non-essential e-mails.</li>
        </ul>
      </>
    ),
  },
  {
    heading: '6. Cookies',
    body: (
      <p>
        We use only what the app needs to work: your sign-in session and your theme preference are kept in your browser&apos;s local
        storage. We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    heading: '7. Contact Us',
    body: (
      <p>
        Questions about this policy? Write to privacy@bettracker.app or use our <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

export function PrivacyRoute() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
