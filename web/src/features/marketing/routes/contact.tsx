import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Field, FieldGrid, FormStack, Input, Select, Textarea } from '../../../components/field';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { PageContainer, PageHeader } from '../../../components/page';
import { toast } from '../../../lib/toast';
import { Faq } from '../components/faq';

/** Spec 2.15: value -> label. */
const CATEGORIES = [
  { value: 'support', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'general', label: 'General Inquiry' },
] as const;

interface ContactForm {
  name: string;
  email: string;
  category: string;
  subject: string;
  message: string;
}

const EMPTY: ContactForm = { name: '', email: '', category: '', subject: '', message: '' };

const Layout = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const InfoList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 14px;
  li {
    display: flex;
    gap: 12px;
    align-items: flex-start;
  }
  svg {
    flex-shrink: 0;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.link};
  }
  span {
    display: block;
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    overflow-wrap: anywhere;
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h2 {
    font-size: 1.25rem;
  }
`;

const FAQ = [
  {
    question: 'How do I cancel my subscription?',
    answer:
      'You can cancel anytime from your account. You keep access until the end of the period you paid for, and there are no cancellation fees.',
  },
  {
    question: 'Can I export my betting data?',
    answer:
      'Yes. On the Bet History page, Export all downloads every bet you have recorded as a CSV file you can open in any spreadsheet, and Export these bets only the ones your filters and search show.',
  },
  {
    question: 'Is my data secure?',
    answer:
      'Your data is sent over encrypted connections, your password is hashed, and only you can see your records. We never sell or share your data.',
  },
];

export function ContactRoute() {
  const [values, setValues] = useState<ContactForm>(EMPTY);
  const set = (key: keyof ContactForm, value: string) => setValues((v) => ({ ...v, [key]: value }));

  // The message is not sent anywhere (spec 4): the form thanks the sender and clears.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    toast({ title: 'Message sent successfully', description: "We'll get back to you within 24 hours." });
    setValues(EMPTY);
  };

  return (
    <PageContainer>
      <PageHeader title="Contact Us" subtitle="Questions, feedback or trouble with the tracker? We're here to help." />
      <Layout>
        <Card aria-labelledby="contact-form-title">
          <CardHeader>
            <CardTitle id="contact-form-title">Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            <FormStack onSubmit={onSubmit} aria-labelledby="contact-form-title">
              <FieldGrid>
                <Field label="Full Name" required>
                  {(props) => (
                    <Input
                      {...props}
                      required
                      autoComplete="name"
                      placeholder="Your name"
                      value={values.name}
                      onChange={(e) => set('name', e.target.value)}
                    />
                  )}
                </Field>
                <Field label="Email" required>
                  {(props) => (
                    <Input
                      {...props}
                      required
                      type="email"
                      autoComplete="email"
                      placeholder="you@example.com"
                      value={values.email}
                      onChange={(e) => set('email', e.target.value)}
                    />
                  )}
                </Field>
              </FieldGrid>
              <Field label="Category">
                {(props) => (
                  <Select {...props} value={values.category} onChange={(e) => set('category', e.target.value)}>
                    <option value="">Select a category</option>
                    {CATEGORIES.map((category) => (
                      <option key={category.value} value={category.value}>
                        {category.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Subject" required>
                {(props) => (
                  <Input
                    {...props}
                    required
                    placeholder="How can we help?"
                    value={values.subject}
                    onChange={(e) => set('subject', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Message" required>
                {(props) => (
                  <Textarea
                    {...props}
                    required
                    rows={5}
                    placeholder="Tell us more..."
                    value={values.message}
                    onChange={(e) => set('message', e.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" size="lg">
                Send Message
              </Button>
            </FormStack>
          </CardContent>
        </Card>
        <Side>
          <Card aria-labelledby="contact-info-title">
            <CardHeader>
              <CardTitle id="contact-info-title">Get in touch</CardTitle>
            </CardHeader>
            <CardContent>
              <InfoList>
                <li>
                  <MailIcon />
                  <div>
                    <span>Email</span>
                    <a href="mailto:support@bettracker.app">support@bettracker.app</a>
                  </div>
                </li>
                <li>
                  <PhoneIcon />
                  <div>
                    <span>Phone</span>
                    <a href="tel:+15550102400">+1 (555) 010-2400</a>
                  </div>
                </li>
                <li>
                  <MapPinIcon />
                  <div>
                    <span>Address</span>
                    100 Market Street, Suite 300, San Francisco, CA 94105
                  </div>
                </li>
              </InfoList>
            </CardContent>
          </Card>
          <Card aria-labelledby="support-hours-title">
            <CardHeader>
              <CardTitle id="support-hours-title">Support Hours</CardTitle>
              <ClockIcon />
            </CardHeader>
            <CardContent>
              <InfoList>
                <li>
                  <div>
                    <span>Monday – Friday</span>
                    Mon-Fri 9:00 AM-6:00 PM EST
                  </div>
                </li>
                <li>
                  <div>
                    <span>Saturday – Sunday</span>
                    Sat-Sun 10:00 AM-4:00 PM EST
                  </div>
                </li>
              </InfoList>
            </CardContent>
          </Card>
        </Side>
      </Layout>
      <Section aria-labelledby="contact-faq-title">
        <h2 id="contact-faq-title">Frequently Asked Questions</h2>
        <Faq entries={FAQ} />
      </Section>
    </PageContainer>
  );
}
