import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: '1. Acceptance of Terms',
    body: <p>By creating an account or using BetTracker you agree to these terms. If you do not agree, do not use the service.</p>,
  },
  {
    heading: '2. Description of Service',
    body: (
      <p>
        BetTracker is a tool for recording and analysing sports bets that you enter by hand. It offers statistics, charts, a parlay builder,
        streak analysis, profit goals, a betting journal and bankroll tracking. It does not accept, place or process bets or any gambling
        transaction.
      </p>
    ),
  },
  {
    heading: '3. User Responsibilities',
    body: (
      <ul>
        <li>Keep your password confidential and your account information accurate.</li>
        <li>Enter data you have the right to store.</li>
        <li>Follow the laws on sports betting where you live.</li>
        <li>Do not misuse, disrupt or try to gain unauthorised access to the service.</li>
      </ul>
    ),
  },
  {
    heading: '4. Gambling Disclaimer',
    body: (
      <p>
        Betting involves risk and you can lose money. Past results do not predict future results, and nothing in BetTracker is betting
        advice. If gambling stops being fun, seek help from a responsible-gambling organisation in your country.
      </p>
    ),
  },
  {
    heading: '5. Subscription and Payment',
    body: (
      <p>
        The Pro plan costs $7.99 per month after a 7-day free trial and renews monthly until you cancel. You can cancel anytime; there is no
        long-term commitment. We announce price changes at least 30 days in advance. A 30-day money-back guarantee applies to your first
        payment.
      </p>
    ),
  },
  {
    heading: '6. Data Ownership',
    body: <p>Your data is yours. You can export your bets as CSV and delete your records at any time.</p>,
  },
  {
    heading: '7. Service Availability',
    body: (
      <p>
        We aim to keep BetTracker available at all times but do not guarantee uninterrupted service. Maintenance and events beyond our
        control may cause downtime.
      </p>
    ),
  },
  {
    heading: '8. Limitation of Liability',
    body: (
      <p>
        BetTracker is provided &ldquo;as is&rdquo;. To the extent the law allows, we are not liable for betting losses or for indirect
        damages arising from your use of the service.
      </p>
    ),
  },
  {
    heading: '9. Termination',
    body: <p>You may close your account at any time. We may suspend accounts that break these terms, after notice where possible.</p>,
  },
  {
    heading: '10. Changes to Terms',
    body: (
      <p>
        We may update these terms and will tell you about material changes before they take effect. Questions? Visit our{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export function TermsRoute() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
