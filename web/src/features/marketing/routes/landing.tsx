import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/badge';
import { ButtonLink } from '../../../components/button';
import {
  BarChartIcon,
  BookIcon,
  CheckIcon,
  FlameIcon,
  LayersIcon,
  ShieldIcon,
  TargetIcon,
  TrendUpIcon,
  UserIcon,
  WalletIcon,
} from '../../../components/icons';
import { ThemeToggle } from '../../../components/theme-toggle';
import { PlanFeatures } from '../components/plan-features';

const SPORTS = ['Football', 'Basketball', 'Baseball', 'Hockey', 'Soccer', 'And more'];

const FEATURES: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Performance Analytics',
    text: 'Win rate, ROI and total profit at a glance, with a profit trend chart and a breakdown by sport.',
    icon: <BarChartIcon />,
  },
  {
    title: 'Parlay Builder',
    text: 'Combine legs, see the total odds and potential payout as you build, and track every leg.',
    icon: <LayersIcon />,
  },
  {
    title: 'Profit Goals',
    text: 'Set daily, weekly, monthly or yearly targets and watch your progress toward them.',
    icon: <TargetIcon />,
  },
  {
    title: 'Betting Journal',
    text: 'Write daily reflections, weekly reviews and monthly analysis to learn from every result.',
    icon: <BookIcon />,
  },
  {
    title: 'Streak Analysis',
    text: 'Spot hot and cold runs with current and record streaks and month-by-month charts.',
    icon: <FlameIcon />,
  },
  {
    title: 'Bankroll Tracking',
    text: 'Record deposits and follow your balance as bets settle, so you always know where you stand.',
    icon: <WalletIcon />,
  },
];

const CLAIMS: readonly { title: string; text: string; icon: ReactNode }[] = [
  { title: '100% Accurate Data', text: 'Every bet is one you entered, exactly as you placed it.', icon: <CheckIcon /> },
  { title: 'Full Control', text: 'You decide what is recorded, edited or removed. Your data stays yours.', icon: <UserIcon /> },
  { title: 'No API Dependencies', text: 'No automated feeds and no external data services that can break or leak.', icon: <ShieldIcon /> },
];

const PLAN_FEATURES = [
  'Unlimited bet tracking',
  'Advanced analytics and charts',
  'Profit goals monitoring',
  'Betting journal',
  'Parlay builder',
  'Streak analysis',
  'Export data',
  'Dark mode',
  'Mobile responsive',
];

const TopBar = styled.div`
  max-width: 1200px;
  width: 100%;
  margin: 0 auto;
  padding: 12px 16px;
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Section = styled.section<{ $tinted?: boolean }>`
  padding: 56px 16px;
  background: ${({ theme, $tinted }) => ($tinted ? theme.colors.surface : 'transparent')};
  border-top: ${({ theme, $tinted }) => ($tinted ? `1px solid ${theme.colors.border}` : '0')};
  border-bottom: ${({ theme, $tinted }) => ($tinted ? `1px solid ${theme.colors.border}` : '0')};
`;

const Inner = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 28px;
  text-align: center;
`;

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 20px;
  h1 {
    font-size: clamp(2rem, 7vw, 3.5rem);
    font-weight: 850;
    line-height: 1.1;
    letter-spacing: -0.02em;
    max-width: 820px;
  }
  p {
    font-size: 1.125rem;
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 640px;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
`;

const Sports = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px;
`;

const SectionTitle = styled.h2`
  font-size: clamp(1.5rem, 4vw, 2.125rem);
  font-weight: 800;
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 640px;
`;

const FeatureGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
  text-align: left;
`;

const FeatureCard = styled.li`
  padding: 22px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    font-size: 1.125rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const IconBubble = styled.span`
  display: inline-flex;
  width: 40px;
  height: 40px;
  align-items: center;
  justify-content: center;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.link};
`;

const Claims = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
  }
  h3 {
    font-size: 1.125rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const PriceCard = styled.div`
  width: 100%;
  max-width: 440px;
  padding: 28px 24px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 18px;
  h3 {
    font-size: 1.375rem;
  }
`;

const Price = styled.p`
  font-size: 2.5rem;
  font-weight: 850;
  line-height: 1;
  span {
    font-size: 1rem;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The marketing page: kept free of charts and of signed-in code so it loads fast. */
export function LandingRoute() {
  return (
    <>
      <TopBar>
        <Brand to="/landing">
          <TrendUpIcon size={22} />
          BetTracker
        </Brand>
        <ThemeToggle />
      </TopBar>

      <Section aria-labelledby="hero-title">
        <Inner>
          <Hero>
            <Badge $tone="primary">Manual input. Real insight.</Badge>
            <h1 id="hero-title">The Sports Betting Tracker Built for Serious Bettors</h1>
            <p>
              Log every bet by hand and see your true win rate, ROI and profit. No automated feeds, no external data services — just your
              bets, tracked accurately.
            </p>
            <Buttons>
              <ButtonLink to="/signup" size="lg">
                Start Tracking Now
              </ButtonLink>
              <ButtonLink to="/login" size="lg" variant="outline">
                Sign In
              </ButtonLink>
            </Buttons>
          </Hero>
          <Sports aria-label="Sports you can track">
            {SPORTS.map((sport) => (
              <li key={sport}>
                <Badge>{sport}</Badge>
              </li>
            ))}
          </Sports>
        </Inner>
      </Section>

      <Section $tinted aria-labelledby="features-title">
        <Inner>
          <SectionTitle id="features-title">Everything You Need to Bet Smarter</SectionTitle>
          <Lead>One place for your bets, parlays, goals, journal and bankroll.</Lead>
          <FeatureGrid>
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title}>
                <IconBubble>{feature.icon}</IconBubble>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </FeatureCard>
            ))}
          </FeatureGrid>
        </Inner>
      </Section>

      <Section aria-labelledby="manual-title">
        <Inner>
          <SectionTitle id="manual-title">Why Manual Input Matters</SectionTitle>
          <Lead>
            Automated trackers depend on feeds that miss bets, mislabel markets and share your data. Entering bets yourself keeps your
            record exact and private.
          </Lead>
          <Claims>
            {CLAIMS.map((claim) => (
              <li key={claim.title}>
                <IconBubble>{claim.icon}</IconBubble>
                <h3>{claim.title}</h3>
                <p>{claim.text}</p>
              </li>
            ))}
          </Claims>
        </Inner>
      </Section>

      <Section $tinted aria-labelledby="landing-pricing-title">
        <Inner>
          <SectionTitle id="landing-pricing-title">Simple Pricing</SectionTitle>
          <PriceCard>
            <h3>Pro Tracker</h3>
            <Price>
              $7.99<span>/month</span>
            </Price>
            <Note>Start with a 7-day free trial.</Note>
            <PlanFeatures label="Plan features" features={PLAN_FEATURES} />
            <ButtonLink to="/signup" size="lg">
              Start Tracking Now
            </ButtonLink>
            <Note>Cancel anytime. No long-term commitments</Note>
          </PriceCard>
        </Inner>
      </Section>

      <Section aria-labelledby="cta-title">
        <Inner>
          <SectionTitle id="cta-title">Ready to Take Control of Your Betting?</SectionTitle>
          <Lead>Join the bettors who know their numbers. BetTracker records and analyses bets; it never places them.</Lead>
          <ButtonLink to="/" size="lg">
            Get Started Today
          </ButtonLink>
        </Inner>
      </Section>
    </>
  );
}
