import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { HomePage } from './home-page';
import { readLanding, type LandingContent } from './landing';

const LANDING: LandingContent = {
  hero_section: {
    eyebrow: 'Fleet operations console',
    title: 'Every driver, vehicle and trip in one place',
    subtitle: 'Plan, follow, approve.',
    primary_label: 'Free consultation',
    secondary_label: 'How it works',
  },
  demo_section: {
    title: 'See it with your own fleet',
    text: 'Ask for a demo.',
    button_label: 'Request a demo',
    request: 'I would like a demo of Fleet Console for our fleet.',
  },
  contact_section: { title: 'Talk to us', text: 'Tell us about your fleet.' },
};

describe('home page', () => {
  it('shows the hero from the content call, with both buttons leading to the contact page', () => {
    render(<HomePage landing={LANDING} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Every driver, vehicle and trip in one place',
    );
    expect(screen.getByRole('link', { name: 'Free consultation' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/contact');
    for (const industry of ['School bus', 'Last mile', 'Construction', 'Installation'])
      expect(screen.getByRole('heading', { name: industry })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'School bus' })).toHaveAttribute('href', '/schoolBus');
    expect(screen.getByRole('link', { name: 'Last mile' })).toHaveAttribute(
      'href',
      '/use-cases#last-mile-delivery',
    );
  });

  it('raises the error flag when the content call failed, and keeps its own sections', () => {
    render(<HomePage landing={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Part of this page could not be loaded');
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('fills "discuss" from the demo button and sends the landing form with admin/send-email', async () => {
    const fetchMock = mockApi({ 'POST /api/admin/send-email': () => ok(null) });
    const user = userEvent.setup();
    render(<HomePage landing={LANDING} />);
    const form = screen.getByRole('form', { name: 'Contact us' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getAllByText('Field is required')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Request a demo' }));
    const discuss = within(form).getByLabelText('What would you like to discuss?');
    expect(discuss).toHaveValue('I would like a demo of Fleet Console for our fleet.');
    expect(discuss).toHaveFocus();

    await user.type(within(form).getByLabelText('Name'), 'Omar');
    await user.type(within(form).getByLabelText('E-mail'), 'omar@school.example');
    await user.selectOptions(within(form).getByLabelText('Company size'), '11–50 vehicles');
    await user.type(within(form).getByLabelText('Phone number'), '+971 50 000 0000');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Your message has been sent successfully.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/admin/send-email');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      name: 'Omar',
      email: 'omar@school.example',
      companySize: '11–50 vehicles',
      phoneNumber: '+971 50 000 0000',
      discuss: 'I would like a demo of Fleet Console for our fleet.',
    });
  });
});

describe('readLanding', () => {
  it('keeps the sections whose shape is right and drops the others', () => {
    const content = readLanding({
      data: {
        hero_section: LANDING.hero_section,
        demo_section: { title: 'Half a section' },
        about_section: null,
        contact_section: LANDING.contact_section,
      },
    });
    expect(Object.keys(content).sort()).toEqual(['contact_section', 'hero_section']);
    expect(readLanding('nonsense')).toEqual({});
  });
});
