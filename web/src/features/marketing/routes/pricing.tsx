import styled from 'styled-components';
import { Badge } from '../../../components/badge';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { PageContainer } from '../../../components/page';
import { Faq } from '../components/faq';
import { PlanFeatures } from '../components/plan-features';

const FEATURES = [
  'Unlimited bet tracking',
  'Advanced analytics',
  'Performance charts and trends',
  'Profit goals',
  'Betting journal',
  'Bankroll management',
  'Parlay builder',
  'Streak analysis',
  'CSV export',
  'Mobile-responsive design',
  'Dark mode',
  'Email support',
];

const STATS = [
  { value: '23%', label: 'Average ROI improvement' },
  { value: '10K+', label: 'Weekly users' },
  { value: '89%', label: 'Goals achieved' },
  { value: 'Bank-level', label: 'Security' },
];

const FAQ = [
  {
    question: 'How does the free trial work?',
    answer: 'You get 7 days of full access to every Pro feature. No credit card is needed to start.',
  },
  {
    question: 'Can I cancel anytime?',
    answer: 'Yes. Cancel anytime with no long-term commitments and no cancellation fees.',
  },
  {
    question: 'What payment methods do you accept?',
    answer: 'All major credit and debit cards (Visa, Mastercard, American Express, Discover) and PayPal.',
  },
  {
    question: 'Is my betting data secure?',
    answer: 'Yes. Data is encrypted in transit, passwords are hashed, and your records are visible only to you.',
  },
  {
    question: 'Can I export my data?',
    answer: 'Yes. Export your full bet history as a CSV file at any time.',
  },
  {
    question: 'Do you offer refunds?',
    answer: "Yes. We offer a 30-day money-back guarantee: if Pro isn't for you, ask for a full refund within 30 days.",
  },
];

const Hero = styled.header`
  text-align: center;
  max-width: 680px;
  margin: 0 auto;
  h1 {
    font-size: clamp(1.75rem, 5vw, 2.5rem);
    font-weight: 800;
  }
  p {
    margin-top: 8px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1.0625rem;
  }
`;

const Plan = styled(Card)`
  position: relative;
  max-width: 460px;
  width: 100%;
  margin: 12px auto 0;
  padding: 32px 24px 24px;
  display: flex;
  flex-direction: column;
  gap: 20px;
  text-align: center;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  h2 {
    font-size: 1.5rem;
  }
`;

const Popular = styled(Badge)`
  position: absolute;
  top: -13px;
  left: 50%;
  transform: translateX(-50%);
`;

const Price = styled.p`
  font-size: 2.75rem;
  font-weight: 800;
  line-height: 1;
  span {
    font-size: 1rem;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const Stats = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: 768px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  li {
    text-align: center;
    padding: 20px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  strong {
    display: block;
    font-size: 1.25rem; /* 'Bank-level' on one line in a half-width phone card */
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.link};
    @media (min-width: 640px) {
      font-size: 1.5rem;
    }
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const Section = styled.section`
  max-width: 800px;
  width: 100%;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 12px;
  h2 {
    font-size: 1.5rem;
    text-align: center;
  }
`;

const Cta = styled.section`
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  h2 {
    font-size: 1.5rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function PricingRoute() {
  return (
    <PageContainer>
      <Hero>
        <h1>Simple, Transparent Pricing</h1>
        <p>One plan with everything you need to track, analyse and improve your betting.</p>
      </Hero>
      <Plan aria-labelledby="plan-title">
        <Popular $tone="primary">Most Popular</Popular>
        <h2 id="plan-title">Pro</h2>
        <Price>
          $7.99<span>/month</span>
        </Price>
        <Muted>7-day free trial · No credit card required to start</Muted>
        <PlanFeatures label="Pro features" features={FEATURES} />
        <ButtonLink to="/signup" size="lg">
          Start Your Free Trial
        </ButtonLink>
        <Muted>Cancel anytime. No long-term commitments. Price changes are announced 30 days in advance.</Muted>
      </Plan>
      <Stats aria-label="BetTracker in numbers">
        {STATS.map((stat) => (
          <li key={stat.label}>
            <strong>{stat.value}</strong>
            <span>{stat.label}</span>
          </li>
        ))}
      </Stats>
      <Section aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title">Frequently Asked Questions</h2>
        <Faq entries={FAQ} />
      </Section>
      <Cta aria-labelledby="pricing-cta-title">
        <h2 id="pricing-cta-title">Ready to bet smarter?</h2>
        <p>Try every Pro feature free for 7 days, backed by our 30-day money-back guarantee.</p>
        <ButtonLink to="/signup" size="lg">
          Start Your Free Trial
        </ButtonLink>
      </Cta>
    </PageContainer>
  );
}
